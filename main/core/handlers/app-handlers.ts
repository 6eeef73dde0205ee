import type { AppInfo, Notice, RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';

type AppHandlers = Pick<RequestHandlers, 'app.info' | 'app.dismissNotice' | 'core.status' | 'core.restart'>;

/** Notices the user has not dismissed yet, shared by app.info and the app.notice event. */
export class NoticeBoard {
  private notices: Notice[] = [];

  constructor(private readonly announce: (notice: Notice) => void) {}

  add(notice: Notice): void {
    this.notices.push(notice);
    this.announce(notice);
  }

  /** Notices from start-up, before anyone listens. */
  seed(notices: Notice[]): void {
    this.notices.push(...notices);
  }

  dismiss(id: string): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  get all(): Notice[] {
    return [...this.notices];
  }
}

/**
 * `core.status` and `core.restart` are answered here only when the core runs in its host's own
 * process (tests, embedding); the shells run it under a CoreSupervisor, which answers them itself.
 */
export function appHandlers(info: Omit<AppInfo, 'notices'>, notices: NoticeBoard): AppHandlers {
  const startedAt = Date.now();
  return {
    'core.status': async () => ({ state: 'running', pid: process.pid, startedAt, restarts: 0 }),
    'core.restart': async () => {
      throw new LoupeError('This core runs inside the app\'s own process and cannot restart on its own; restart the app.', 'not-isolated');
    },
    'app.info': async () => ({ ...info, notices: notices.all }),
    'app.dismissNotice': async (params) => notices.dismiss(params.id),
  };
}
