import { useProxyStore } from '../../state/proxy/proxy-store';
import { INTERCEPT_BUTTON_ID, INTERCEPT_PANEL_ID, openInterceptDesk, useInterceptUiStore } from './intercept-ui-store';
import './proxy.css';

/** Opens the intercept desk and shows how many proxied messages are paused. */
export function InterceptButton() {
  const paused = useProxyStore((state) => {
    let count = 0;
    for (const message of Object.values(state.paused)) if (message.status === 'paused') count += 1;
    return count;
  });
  const rulesOn = useProxyStore((state) => state.rules.some((rule) => rule.enabled));
  const open = useInterceptUiStore((state) => state.open);
  const label = `Intercept${paused > 0 ? `, ${paused} paused` : ''}${rulesOn ? ', rules on' : ''}`;

  return (
    <button
      type="button"
      id={INTERCEPT_BUTTON_ID}
      className={`app-header__button ${paused > 0 ? 'intercept-button--paused' : ''}`}
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-controls={INTERCEPT_PANEL_ID}
      onClick={() => {
        if (open) useInterceptUiStore.getState().setOpen(false);
        else openInterceptDesk();
      }}
    >
      <span>Intercept</span>
      {paused > 0 && (
        <span className="intercept-button__badge" aria-hidden="true">
          {paused > 999 ? '999+' : paused}
        </span>
      )}
      {rulesOn && (
        <span className="intercept-button__on" aria-hidden="true">
          on
        </span>
      )}
    </button>
  );
}
