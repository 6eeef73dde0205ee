import type { AppInfo, Notice, RequestHandlers } from '../../../shared/contract.js';
import { stringParam } from './params.js';

type AppHandlers = Pick<RequestHandlers, 'app.info' | 'app.dismissNotice'>;

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

export function appHandlers(info: Omit<AppInfo, 'notices'>, notices: NoticeBoard): AppHandlers {
  return {
    'app.info': async () => ({ ...info, notices: notices.all }),
    'app.dismissNotice': async (params) => notices.dismiss(stringParam(params, 'id')),
  };
}
