import { buildAllowAttribute, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AppOpening } from '../../../../../shared/apps';
import type { JsonObject, ToolInfo } from '../../../../../shared/mcp';
import { errorMessage } from '../../../bridge/bridge-error';
import { getApi } from '../../../bridge/api';
import { useAppInfoStore } from '../../../state/app-info';
import { useListsStore } from '../../../state/lists/lists-store';
import { describeAppMeta } from './app-facts';
import { AppSession, MAX_FRAME_HEIGHT } from './app-session';
import './apps.css';

interface Props {
  serverId: string;
  uri: string;
  /** Sent to the app once it is ready (the run's arguments, or what the person typed). */
  toolInput?: JsonObject;
  /** Sent after the input: the run's result. */
  toolResult?: unknown;
  tool?: ToolInfo;
  onClosed?: () => void;
}

const DEFAULT_FRAME_HEIGHT = 320;
const EMPTY_TOOLS: readonly ToolInfo[] = [];

function currentTheme(): 'light' | 'dark' {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * An MCP App: its resource is read by the core and served on an origin of its own; this frame
 * shows it sandboxed, and the panel around it shows what the app declared, asked and did wrong.
 */
export function AppView(props: Props) {
  const api = getApi();
  const [opening, setOpening] = useState<AppOpening | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Camera, microphone and the like reach the frame only once the person grants them; granting opens the app anew.
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api.invoke('apps.open', { serverId: props.serverId, uri: props.uri }).then(
      (opened) => {
        if (cancelled) void api.invoke('apps.close', { appId: opened.appId }).catch(() => {});
        else setOpening(opened);
      },
      (error: unknown) => !cancelled && setFailure(errorMessage(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [api, props.serverId, props.uri, granted]);

  return (
    <section className="app-view" role="region" aria-label={`App ${props.uri}`}>
      {failure && (
        <p className="app-view__failure" role="alert">
          Could not open the app: {failure}
        </p>
      )}
      {!opening && !failure && <p className="field__hint">Reading {props.uri}…</p>}
      {opening && (
        <OpenApp
          key={opening.appId}
          {...props}
          opening={opening}
          granted={granted}
          onGrant={() => {
            setOpening(null);
            setGranted(true);
          }}
        />
      )}
    </section>
  );
}

interface OpenAppProps extends Props {
  opening: AppOpening;
  /** The person granted the permissions the app asks for: only then does the frame get them. */
  granted: boolean;
  onGrant: () => void;
}

const PERMISSION_NAMES: Record<string, string> = { camera: 'the camera', microphone: 'the microphone', geolocation: 'your location', clipboardWrite: 'writing to the clipboard' };

function permissionList(permissions: readonly string[]): string {
  const names = permissions.map((permission) => PERMISSION_NAMES[permission] ?? permission);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : (names[0] ?? '');
}

function OpenApp({ opening, toolInput, toolResult, tool, onClosed, granted, onGrant }: OpenAppProps) {
  const api = getApi();
  const version = useAppInfoStore((state) => state.info?.version ?? '0');
  const frame = useRef<HTMLIFrameElement>(null);
  const [session] = useState(
    () =>
      new AppSession({
        api,
        opening,
        hostVersion: version,
        tools: () => useListsStore.getState().byServer[opening.serverId]?.tools?.items ?? EMPTY_TOOLS,
        theme: currentTheme(),
        ...(toolInput ? { toolInput } : {}),
        ...(toolResult !== undefined ? { toolResult } : {}),
        ...(tool ? { tool } : {}),
      }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState);

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (target) void session.connect(target);
    return () => void session.close();
  }, [session]);

  // An app that opens below the fold (a small window, a long result) is brought into view once, when it is ready.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) frame.current?.scrollIntoView({ block: 'nearest' });
  }, [ready]);

  // Escape leaves Fullscreen, as everywhere else (keys pressed inside the app's frame stay the app's).
  useEffect(() => {
    if (state.displayMode !== 'fullscreen') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      session.setDisplayMode('inline');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [session, state.displayMode]);

  const closed = state.status === 'closed';
  const height = Math.min(state.requestedSize?.height ?? DEFAULT_FRAME_HEIGHT, MAX_FRAME_HEIGHT);
  const border = opening.meta.prefersBorder !== false;
  const asked = opening.meta.permissions;
  const permissions = Object.fromEntries(asked.map((name) => [name, {}])) as McpUiResourcePermissions;

  return (
    <div className={`app-view__body app-view__body--${state.displayMode}`}>
      <header className="app-view__header">
        <h4 className="app-view__title">
          App <code>{opening.uri}</code>
          {state.appInfo && (
            <span className="field__hint">
              {' '}
              {state.appInfo.name} {state.appInfo.version}
            </span>
          )}
        </h4>
        <span className="app-view__status" role="status">
          {closed ? 'Closed' : state.status === 'ready' ? 'Running' : 'Starting'}
          {state.requestedSize && ` · asked for ${state.requestedSize.width ?? 'auto'}×${state.requestedSize.height ?? 'auto'} px`}
        </span>
        <span className="app-view__spacer" />
        <label className="field__hint">
          <input type="checkbox" checked={state.askBeforeCalls} onChange={(event) => session.setAskBeforeCalls(event.target.checked)} /> Ask before
          the app calls a tool
        </label>
        <div className="app-view__modes" role="group" aria-label="Display mode">
          {(['inline', 'fullscreen'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="button button--small"
              aria-pressed={state.displayMode === mode}
              disabled={closed}
              onClick={() => session.setDisplayMode(mode)}
            >
              {mode === 'inline' ? 'Inline' : state.displayMode === 'fullscreen' ? 'Fullscreen (Esc to leave)' : 'Fullscreen'}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            if (closed) onClosed?.();
            else void session.close();
          }}
        >
          {closed ? 'Dismiss app' : 'Close app'}
        </button>
      </header>
      {state.pendingCall && (
        <div className="app-view__ask" role="alertdialog" aria-label="App tool call">
          <p>
            The app wants to call <code>{state.pendingCall.name}</code> with <code>{JSON.stringify(state.pendingCall.arguments).slice(0, 300)}</code>.
          </p>
          <button type="button" className="button button--small button--primary" onClick={() => session.answerPendingCall(true)}>
            Allow call
          </button>
          <button type="button" className="button button--small" onClick={() => session.answerPendingCall(false)}>
            Decline call
          </button>
        </div>
      )}
      {asked.length > 0 && !granted && !closed && (
        <div className="app-view__ask" role="region" aria-label="Permissions the app asks for">
          <p>The app asks for {permissionList(asked)}. It runs without them until you grant them; granting opens it again.</p>
          <button type="button" className="button button--small" onClick={onGrant}>
            Grant {permissionList(asked)}
          </button>
        </div>
      )}
      {!closed && (
        <iframe
          ref={frame}
          className={`app-view__frame ${border ? 'app-view__frame--border' : ''}`}
          title={`MCP App ${opening.uri}`}
          src={opening.url}
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow={granted ? buildAllowAttribute(permissions) : undefined}
          referrerPolicy="no-referrer"
          style={state.displayMode === 'inline' ? { height } : undefined}
        />
      )}
      <details className="app-view__facts">
        <summary>Declared by the resource</summary>
        <dl>
          {describeAppMeta(opening.meta).map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
          <div>
            <dt>Frame origin</dt>
            <dd>
              <code>{opening.origin}</code>
            </dd>
          </div>
          <div>
            <dt>Policy</dt>
            <dd>
              <code>{opening.policy}</code>
            </dd>
          </div>
        </dl>
      </details>
      <AppEvents session={session} />
    </div>
  );
}

function AppEvents({ session }: { session: AppSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const violations = state.violations;
  return (
    <>
      {violations.length > 0 && (
        <div className="app-view__violations" role="region" aria-label="App violations">
          <h5>What the app did wrong ({violations.length})</h5>
          <ul>
            {violations.map((event) => (
              <li key={event.id}>{event.text}</li>
            ))}
          </ul>
        </div>
      )}
      <ul className="app-view__events" aria-label="App events">
        {state.events.map((event) => (
            <li key={event.id} className={`app-view__event app-view__event--${event.kind}`}>
              {event.text}
              {event.kind === 'link' && event.url && /^https?:\/\//i.test(event.url) && (
                <>
                  {' '}
                  <button type="button" className="button button--small" onClick={() => window.open(event.url, '_blank', 'noopener,noreferrer')}>
                    Open link
                  </button>
                </>
              )}
            </li>
          ))}
      </ul>
    </>
  );
}
