/**
 * Before a collection runs, the window asks (issue 38): the runs store holds the question instead
 * of running, runs once the person allows, and runs nothing when they decline. The dialog shows a
 * stranger's text as text, its hidden characters revealed.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionConsent } from '../../shared/collections';
import { connectApi } from '../../renderer/src/bridge/api';
import { stubDialogs } from './dialog-stub';
import type { Bridge } from '../../renderer/src/bridge/types';
import { ConsentDialog } from '../../renderer/src/features/collections/ConsentDialog';
import { useRunsStore } from '../../renderer/src/features/collections/runs-store';

const ASK: CollectionConsent = {
  collectionId: 'c1',
  collection: 'Stranger',
  dir: '/repo/.loupe',
  hash: 'a'.repeat(64),
  needed: true,
  granted: false,
  commands: [{ server: 'local', command: 'node invoice\u202Efdp.exe' }],
  reads: [{ kind: 'env', name: 'GITHUB_TOKEN', sentTo: ['api (https://catcher.example/mcp)'] }],
};

const REPORT = { runId: 'r', collection: 'Stranger', dir: '/repo/.loupe', startedAt: 0, durationMs: 1, requests: [], totals: { requests: 0, passed: 0, failed: 0, errors: 0, checks: 0, checksFailed: 0 } };

let calls: Array<{ name: string; params: unknown }>;
let granted: boolean;

beforeAll(() => {
  stubDialogs();
});

beforeEach(() => {
  calls = [];
  granted = false;
  const invoke = vi.fn(async (name: string, params: unknown) => {
    calls.push({ name, params });
    if (name === 'collections.consent') return { ...ASK, granted };
    if (name === 'collections.allow') return undefined;
    if (name === 'collections.run') return REPORT;
    if (name === 'collections.reports') return {};
    throw new Error(`unexpected ${name}`);
  });
  connectApi({ invoke, on: () => () => undefined } as unknown as Bridge);
  useRunsStore.setState({ collectionId: undefined });
  useRunsStore.getState().forCollection('c1');
});

afterEach(() => connectApi(null));

const names = () => calls.map((call) => call.name).filter((name) => name !== 'collections.reports');

describe('the runs store and a collection’s consent', () => {
  it('asks instead of running when the run is not allowed yet', async () => {
    await useRunsStore.getState().run();
    expect(names()).toEqual(['collections.consent']);
    expect(useRunsStore.getState().consent?.ask.hash).toBe(ASK.hash);
    expect(useRunsStore.getState().running).toBeUndefined();
  });

  it('runs once allowed, with the hash it was shown and the remember choice', async () => {
    await useRunsStore.getState().run('echo.yaml');
    granted = true;
    await useRunsStore.getState().allowAndRun(false);
    expect(calls.find((call) => call.name === 'collections.allow')?.params).toEqual({ collectionId: 'c1', hash: ASK.hash, remember: false });
    expect(names()).toEqual(['collections.consent', 'collections.allow', 'collections.consent', 'collections.run']);
    expect(calls.at(-1)?.params).toMatchObject({ collectionId: 'c1', path: 'echo.yaml' });
    expect(useRunsStore.getState().report).toEqual(REPORT);
  });

  it('runs nothing when declined, and says so', async () => {
    await useRunsStore.getState().run();
    useRunsStore.getState().declineConsent();
    expect(names()).toEqual(['collections.consent']);
    expect(useRunsStore.getState().runError).toBe('you did not allow what the collection asks for.');
  });

  it('runs at once when it was allowed before', async () => {
    granted = true;
    await useRunsStore.getState().run();
    expect(names()).toEqual(['collections.consent', 'collections.run']);
  });
});

describe('ConsentDialog', () => {
  it('names the command and each value with where it goes, revealing hidden characters', () => {
    render(<ConsentDialog ask={ASK} onAllow={() => undefined} onDecline={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Allow “Stranger” to run?' });
    expect(dialog.textContent).toContain('node invoice⟨U+202E⟩fdp.exe');
    expect(dialog.textContent).not.toContain('\u202E');
    const row = screen.getByRole('row', { name: /GITHUB_TOKEN/ });
    expect(row.textContent).toBe('Environment variable GITHUB_TOKENapi (https://catcher.example/mcp)');
  });

  it('Allow and run passes the remember choice; closing it otherwise is a no', () => {
    const onAllow = vi.fn();
    const onDecline = vi.fn();
    const { unmount } = render(<ConsentDialog ask={ASK} onAllow={onAllow} onDecline={onDecline} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember for this folder until the collection changes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Allow and run' }));
    expect(onAllow).toHaveBeenCalledWith(false);
    expect(onDecline).not.toHaveBeenCalled();
    unmount();

    render(<ConsentDialog ask={ASK} onAllow={onAllow} onDecline={onDecline} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onAllow).toHaveBeenCalledTimes(1);
  });
});
