import type { Notice } from '../../../../shared/contract';
import { getApi } from '../../bridge/api';
import { CloseIcon } from '../../ui/icons';
import { isLocalNotice, useNoticesStore } from '../../state/notices';
import { useAutoDismiss } from './use-auto-dismiss';

/**
 * Things the user should know about, each dismissible. Dismissing tells the core, which forgets it.
 * Info notices go away by themselves (use-auto-dismiss.ts); warnings and errors stay until closed.
 */
export function NoticeBanners() {
  const notices = useNoticesStore((state) => state.notices);
  if (notices.length === 0) return null;
  return (
    <div className="banners">
      {notices.map((notice) => (
        <NoticeBanner key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function NoticeBanner({ notice }: { notice: Notice }) {
  const api = getApi();
  const dismiss = () => {
    useNoticesStore.getState().remove(notice.id);
    if (!isLocalNotice(notice.id)) {
      api.invoke('app.dismissNotice', { id: notice.id }).catch((error: unknown) => {
        console.warn('Could not dismiss the notice', error);
      });
    }
  };
  const hold = useAutoDismiss(notice.level === 'info', dismiss);
  return (
    <div className={`banner banner--${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} {...hold}>
      <span className="banner__level">{notice.level === 'info' ? 'Info' : notice.level === 'warning' ? 'Warning' : 'Error'}</span>
      <p className="banner__message">{notice.message}</p>
      <button type="button" className="icon-button" aria-label="Dismiss notice" title="Dismiss" onClick={dismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
