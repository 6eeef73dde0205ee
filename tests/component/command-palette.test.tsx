/**
 * The command palette (issue 37): every action by name. Its matching, and the dialog's keyboard
 * use: it opens on Ctrl+K and Ctrl+Shift+P, narrows as one types, and runs the active command on Enter.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApi } from '../../renderer/src/bridge/api';
import { stubDialogs } from './dialog-stub';
import type { Bridge } from '../../renderer/src/bridge/types';
import { CommandPalette } from '../../renderer/src/app/palette/CommandPalette';
import { matchCommands, type PaletteCommand } from '../../renderer/src/app/palette/palette-commands';
import { usePaletteStore } from '../../renderer/src/app/palette/palette-store';
import { useWorkspaceStore } from '../../renderer/src/app/workspace-store';
import { useServersStore } from '../../renderer/src/state/servers';

const command = (title: string): PaletteCommand => ({ id: title, title, run: () => undefined });

describe('matchCommands', () => {
  const commands = ['View: Tools', 'Server: Connect', 'Server: Disconnect', 'Traffic: Clear', 'Go to server: Everything connector'].map(command);

  it('keeps every command whose title holds each word, in any order and case', () => {
    expect(matchCommands(commands, 'CONNECT server').map((found) => found.title)).toEqual(['Server: Connect', 'Server: Disconnect', 'Go to server: Everything connector']);
    expect(matchCommands(commands, 'nothing like it')).toEqual([]);
    expect(matchCommands(commands, '  ')).toHaveLength(commands.length);
  });

  it('puts a title that starts with the text, or whose name after the colon does, first', () => {
    expect(matchCommands(commands, 'clear').map((found) => found.title)).toEqual(['Traffic: Clear']);
    expect(matchCommands(commands, 'dis').map((found) => found.title)).toEqual(['Server: Disconnect']);
    expect(matchCommands(commands, 'go to').map((found) => found.title)[0]).toBe('Go to server: Everything connector');
  });
});

describe('CommandPalette', () => {
  beforeAll(() => {
    stubDialogs();
    Element.prototype.scrollIntoView = () => undefined;
  });

  beforeEach(() => {
    connectApi({ invoke: vi.fn(), on: () => () => undefined } as unknown as Bridge);
    usePaletteStore.setState({ open: false });
    useWorkspaceStore.setState({ tab: 'Tools' });
    useServersStore.setState({ servers: [{ id: 's1', name: 'Weather', transport: { type: 'stdio', command: 'node', args: [], env: [] } } as never], selectedServerId: null });
  });

  afterEach(() => connectApi(null));

  it('opens on Ctrl+K and Ctrl+Shift+P, and Enter runs the active command', () => {
    render(<CommandPalette />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const field = screen.getByRole('combobox', { name: 'Command' });
    fireEvent.change(field, { target: { value: 'view coll' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['View: Collections']);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(useWorkspaceStore.getState().tab).toBe('Collections');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(window, { key: 'P', ctrlKey: true, shiftKey: true });
    fireEvent.change(screen.getByRole('combobox', { name: 'Command' }), { target: { value: 'weather' } });
    expect(screen.getByRole('status').textContent).toBe('1 command');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Command' }), { key: 'Enter' });
    expect(useServersStore.getState().selectedServerId).toBe('s1');
  });

  it('the arrow keys move the active option, which the field names', () => {
    render(<CommandPalette />);
    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    const field = screen.getByRole('combobox', { name: 'Command' });
    fireEvent.change(field, { target: { value: 'view' } });
    const options = screen.getAllByRole('option');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]?.id);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(useWorkspaceStore.getState().tab).toBe('Resources');
  });

  it('says when nothing matches', () => {
    render(<CommandPalette />);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    fireEvent.change(screen.getByRole('combobox', { name: 'Command' }), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No command matches.');
  });
});
