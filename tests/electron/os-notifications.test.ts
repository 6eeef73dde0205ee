import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import type { CoreEventListener } from '../../main/core/core.js';

/** Electron's Notification, recording every notification made, shown, clicked and closed. */
const stub = vi.hoisted(() => ({
  supported: true,
  made: [] as Array<{ options: { title: string; body: string }; shown: boolean; closed: boolean; click(): void }>,
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeNotification extends EventEmitter {
    static isSupported = () => stub.supported;
    shown = false;
    closed = false;
    constructor(readonly options: { title: string; body: string }) {
      super();
      stub.made.push(this as unknown as (typeof stub.made)[number]);
    }
    show() {
      this.shown = true;
    }
    close() {
      this.closed = true;
    }
    click() {
      this.emit('click');
    }
  }
  return { Notification: FakeNotification };
});

const { COALESCE_MS, notificationText, notifyPendingApprovals } = await import('../../main/electron/os-notifications.js');

function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 'a1',
    serverId: 's1',
    serverName: 'Everything',
    kind: 'sampling',
    rpcId: 1,
    request: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the <b>report</b>' } }], maxTokens: 10 },
    receivedAt: 0,
    status: 'pending',
    ...overrides,
  };
}

describe('OS notifications for pending approvals', () => {
  let emit: CoreEventListener;
  let focused: boolean;
  const focusWindow = vi.fn();
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    stub.made.length = 0;
    stub.supported = true;
    focused = false;
    focusWindow.mockClear();
    const core = {
      subscribe: (listener: CoreEventListener) => {
        emit = listener;
        return () => {
          emit = () => {};
        };
      },
    };
    stop = notifyPendingApprovals(core, { focusWindow, isWindowFocused: () => focused });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('shows one notification for a new pending sampling request, and a click focuses the window', () => {
    emit('approvals.changed', approval());
    expect(stub.made).toHaveLength(0);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(1);
    const [made] = stub.made;
    expect(made!.options).toEqual({ title: 'Everything asks for a sampling reply', body: 'Summarise the <b>report</b>' });
    expect(made!.shown).toBe(true);
    made!.click();
    expect(focusWindow).toHaveBeenCalledTimes(1);
  });

  it('does not announce the same request twice, nor its later state changes', () => {
    emit('approvals.changed', approval());
    vi.advanceTimersByTime(COALESCE_MS);
    emit('approvals.changed', approval());
    emit('approvals.changed', approval({ status: 'approved', decidedBy: 'user' }));
    emit('approvals.changed', approval({ status: 'approved', decidedBy: 'user', responseSeq: 9 }));
    vi.advanceTimersByTime(COALESCE_MS * 3);
    expect(stub.made).toHaveLength(1);
  });

  it('coalesces a flood into one notification that counts the requests and names the servers', () => {
    for (let index = 0; index < 100; index++) {
      emit('approvals.changed', approval({ id: `a${index}`, serverName: index % 2 ? 'Alpha' : 'Beta' }));
    }
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(1);
    expect(stub.made[0]!.options).toEqual({ title: '100 requests wait for your approval', body: 'From Beta, Alpha' });
  });

  it('replaces the previous notification instead of stacking them', () => {
    emit('approvals.changed', approval({ id: 'first' }));
    vi.advanceTimersByTime(COALESCE_MS);
    emit('approvals.changed', approval({ id: 'second' }));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made.map((made) => [made.shown, made.closed])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('stays quiet for requests answered before the notification was due (an auto-reply rule, a quick answer)', () => {
    emit('approvals.changed', approval({ status: 'approved', decidedBy: 'rule:always' }));
    emit('approvals.changed', approval({ id: 'quick' }));
    emit('approvals.changed', approval({ id: 'quick', status: 'rejected', decidedBy: 'user' }));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(0);
  });

  it('stays quiet while the window is focused, and when the OS has no notifications', () => {
    focused = true;
    emit('approvals.changed', approval({ id: 'seen-in-app' }));
    vi.advanceTimersByTime(COALESCE_MS);
    focused = false;
    stub.supported = false;
    emit('approvals.changed', approval({ id: 'unsupported' }));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(0);
  });

  it('ignores other core events', () => {
    emit('app.notice', { id: 'n', level: 'info', message: 'hello' });
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(0);
  });

  it('stopping unsubscribes and closes what is shown', () => {
    emit('approvals.changed', approval());
    vi.advanceTimersByTime(COALESCE_MS);
    stop();
    expect(stub.made[0]!.closed).toBe(true);
    emit('approvals.changed', approval({ id: 'after-stop' }));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(stub.made).toHaveLength(1);
  });
});

describe('notification text', () => {
  it('names the host of a URL elicitation and the message of a form elicitation', () => {
    expect(
      notificationText([approval({ kind: 'elicitation-url', request: { mode: 'url', url: 'https://login.example.com/x?y=1', message: 'Sign in' } })]),
    ).toEqual({ title: 'Everything wants you to open login.example.com', body: 'Sign in' });
    expect(notificationText([approval({ kind: 'elicitation-form', request: { message: 'Your   name?\nPlease' } })])).toEqual({
      title: 'Everything asks for information',
      body: 'Your name? Please',
    });
  });

  it('clips long bodies and copes with requests without text', () => {
    const long = 'x'.repeat(500);
    const text = notificationText([approval({ request: { messages: [{ role: 'user', content: [{ type: 'text', text: long }] }] } })]);
    expect(text.body).toHaveLength(140);
    expect(text.body.endsWith('…')).toBe(true);
    expect(notificationText([approval({ request: { messages: 'not a list' } })]).body).toBe('Open MCP Loupe to review the request.');
  });
});
