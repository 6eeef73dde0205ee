/** Info notices go away by themselves after a while, held while pointed at or focused; warnings and errors stay until closed. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApi } from '../../renderer/src/bridge/api';
import type { Bridge } from '../../renderer/src/bridge/types';
import { NoticeBanners } from '../../renderer/src/features/notices/NoticeBanners';
import { INFO_NOTICE_MS } from '../../renderer/src/features/notices/use-auto-dismiss';
import { useNoticesStore } from '../../renderer/src/state/notices';

const NOTICES = [
  { id: 'saved', level: 'info' as const, message: 'Saved echo in the collection “demo”.' },
  { id: 'keychain', level: 'warning' as const, message: 'The keychain is not available, so secrets are kept in a file.' },
  { id: 'broken', level: 'error' as const, message: 'servers.json could not be read.' },
];

/** The banner (a status, or an alert for errors) that says `text`. */
const banner = (text: string) => [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].find((found) => found.textContent?.includes(text))!;

describe('notice banners', () => {
  let invoke: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    invoke = vi.fn(async () => undefined);
    connectApi({ invoke, on: () => () => undefined } as unknown as Bridge);
    useNoticesStore.setState({ notices: NOTICES });
  });

  afterEach(() => {
    vi.useRealTimers();
    connectApi(null);
    useNoticesStore.setState({ notices: [] });
  });

  it('dismisses an info notice after a while and tells the core; warnings and errors stay', () => {
    render(<NoticeBanners />);
    act(() => vi.advanceTimersByTime(INFO_NOTICE_MS - 1));
    expect(screen.getByText(NOTICES[0]!.message)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(NOTICES[0]!.message)).toBeNull();
    expect(invoke).toHaveBeenCalledWith('app.dismissNotice', { id: 'saved' });
    act(() => vi.advanceTimersByTime(10 * INFO_NOTICE_MS));
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining(NOTICES[1]!.message));
    expect(screen.getByRole('alert')).toHaveProperty('textContent', expect.stringContaining(NOTICES[2]!.message));
  });

  it('keeps an info notice while it is pointed at, then gives it the whole time again', () => {
    render(<NoticeBanners />);
    act(() => vi.advanceTimersByTime(INFO_NOTICE_MS - 1_000));
    fireEvent.mouseEnter(banner(NOTICES[0]!.message));
    act(() => vi.advanceTimersByTime(10 * INFO_NOTICE_MS));
    expect(screen.getByText(NOTICES[0]!.message)).toBeTruthy();
    fireEvent.mouseLeave(banner(NOTICES[0]!.message));
    act(() => vi.advanceTimersByTime(INFO_NOTICE_MS - 1));
    expect(screen.getByText(NOTICES[0]!.message)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(NOTICES[0]!.message)).toBeNull();
  });

  it('keeps an info notice while the focus is in it', () => {
    render(<NoticeBanners />);
    const close = within(banner(NOTICES[0]!.message)).getByRole('button', { name: 'Dismiss notice' });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(10 * INFO_NOTICE_MS));
    expect(screen.getByText(NOTICES[0]!.message)).toBeTruthy();
    act(() => close.blur());
    act(() => vi.advanceTimersByTime(INFO_NOTICE_MS));
    expect(screen.queryByText(NOTICES[0]!.message)).toBeNull();
  });
});
