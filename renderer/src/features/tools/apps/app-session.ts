import { AppBridge, type McpUiDisplayMode, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { APP_POLICY_REPORT_PREFIX, type AppOpening, type AppWireRecord } from '../../../../../shared/apps';
import type { JsonObject, ToolInfo } from '../../../../../shared/mcp';
import type { TrafficEntry } from '../../../../../shared/traffic';
import type { Bridge } from '../../../bridge/types';
import { FrameTransport } from './frame-transport';
import { RecordQueue } from './record-queue';
import { refusalOf } from './app-tool-rules';

/** One line of the app's own log in its panel. */
export interface AppEvent {
  id: number;
  kind: 'info' | 'log' | 'link';
  text: string;
  /** For `link`: the address the app asked to open. */
  url?: string;
}

/** A tool call of the app waiting for the person (when asking before app calls is on). */
export interface PendingCall {
  name: string;
  arguments: JsonObject;
}

export interface AppSessionState {
  status: 'starting' | 'ready' | 'closed';
  displayMode: 'inline' | 'fullscreen';
  /** The size the app last asked for, in CSS pixels. */
  requestedSize: { width?: number; height?: number } | null;
  appInfo: { name: string; version: string } | null;
  events: AppEvent[];
  /** What the app did wrong, one sentence each (kept apart, so a flood of logs cannot push them out). */
  violations: AppEvent[];
  pendingCall: PendingCall | null;
  askBeforeCalls: boolean;
}

const MAX_EVENTS = 200;
const MAX_VIOLATIONS = 200;
/** Tallest frame Loupe grows to for an app that asks for more. */
export const MAX_FRAME_HEIGHT = 4_000;

export interface AppSessionOptions {
  api: Bridge;
  opening: AppOpening;
  hostVersion: string;
  /** The server's tools as Loupe last listed them (for visibility rules). */
  tools: () => readonly ToolInfo[];
  /** Sent once the app is initialized, when the app was opened for a tool. */
  toolInput?: JsonObject;
  toolResult?: unknown;
  tool?: ToolInfo;
  theme: 'light' | 'dark';
  /** Where the frame's messages arrive: the window (tests pass their own). */
  messageTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Loupe's host end of one app: ext-apps' AppBridge on a FrameTransport, with tool calls and
 * resource reads sent through the core (so they are in the traffic log too), the app's
 * requests shown, and everything it does wrong reported.
 */
export class AppSession {
  private state: AppSessionState = {
    status: 'starting',
    displayMode: 'inline',
    requestedSize: null,
    appInfo: null,
    events: [],
    violations: [],
    pendingCall: null,
    askBeforeCalls: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly queue: RecordQueue;
  private bridge: AppBridge | null = null;
  private decide: ((allowed: boolean) => void) | null = null;
  private eventIds = 0;
  private stopWatching: (() => void) | null = null;
  private hostContext: McpUiHostContext;

  constructor(private readonly options: AppSessionOptions) {
    const { api, opening } = options;
    this.queue = new RecordQueue((records) => api.invoke('apps.record', { appId: opening.appId, records }));
    this.hostContext = {
      theme: options.theme,
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      platform: 'desktop',
      ...(globalThis.navigator?.language ? { locale: globalThis.navigator.language } : {}),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(options.tool ? { toolInfo: { tool: options.tool as never } } : {}),
    };
    for (const problem of opening.problems) this.addViolation(problem);
    // Blocked requests are reported by the frame to the shell, which records them in the core.
    this.stopWatching = api.on('traffic.appended', (entries: TrafficEntry[]) => {
      for (const entry of entries) {
        if (entry.app?.appId === opening.appId && entry.violation?.startsWith(APP_POLICY_REPORT_PREFIX)) {
          this.addViolation(entry.violation);
        }
      }
    });
  }

  getState = (): AppSessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts listening to the frame's window; call once the frame exists. */
  async connect(frameWindow: Window): Promise<void> {
    const { opening } = this.options;
    const bridge = new AppBridge(
      null,
      { name: 'MCP Loupe', version: this.options.hostVersion },
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: {}, updateModelContext: {} },
      { hostContext: this.hostContext },
    );
    this.bridge = bridge;
    bridge.oninitialized = () => {
      const info = bridge.getAppVersion();
      this.update({ status: 'ready', appInfo: info ? { name: String(info.name).slice(0, 100), version: String(info.version).slice(0, 40) } : null });
      this.addEvent('info', 'The app finished its handshake (ui/initialize).');
      if (this.options.toolInput) void bridge.sendToolInput({ arguments: this.options.toolInput });
      if (this.options.toolResult !== undefined) void bridge.sendToolResult(this.options.toolResult as CallToolResult);
    };
    bridge.oncalltool = async (params) => this.callTool(params.name, (params.arguments ?? {}));
    bridge.onreadresource = async (params) => {
      const outcome = await this.options.api.invoke('resources.read', { serverId: opening.serverId, uri: params.uri });
      if (outcome.failure) throw new Error(outcome.failure.message);
      return outcome.result as ReadResourceResult;
    };
    bridge.onlistresources = async () => {
      const outcome = await this.options.api.invoke('resources.list', { serverId: opening.serverId });
      return { resources: outcome.items };
    };
    bridge.onmessage = (params) => {
      const text = params.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
      this.addEvent('info', `The app asked to send a message to the model (Loupe has none): ${text.slice(0, 300)}`);
      return Promise.resolve({});
    };
    bridge.onopenlink = (params) => {
      this.addEvent('link', `The app asked to open ${params.url.slice(0, 300)}`, params.url);
      return Promise.resolve({});
    };
    bridge.onupdatemodelcontext = () => {
      this.addEvent('info', 'The app updated its context for the model (ui/update-model-context).');
      return Promise.resolve({});
    };
    bridge.onrequestdisplaymode = (params) => {
      const mode: McpUiDisplayMode = params.mode === 'fullscreen' ? 'fullscreen' : 'inline';
      this.addEvent('info', `The app asked for ${params.mode} display${params.mode === mode ? '' : `; Loupe offers ${mode}`}.`);
      this.setDisplayMode(mode);
      return Promise.resolve({ mode });
    };
    bridge.onsizechange = (params) => {
      const clamp = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(value, MAX_FRAME_HEIGHT)) : undefined);
      const width = clamp(params.width);
      const height = clamp(params.height);
      this.update({ requestedSize: { ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) } });
    };
    bridge.onrequestteardown = () => {
      this.addEvent('info', 'The app asked to be closed (ui/notifications/request-teardown).');
      void this.close();
    };
    bridge.onloggingmessage = (params) => {
      const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data) ?? '';
      this.addEvent('log', `${params.level}: ${data.slice(0, 500)}`);
    };
    const transport = new FrameTransport(frameWindow, opening.origin, (record) => this.record(record), undefined, this.options.messageTarget ?? window);
    await bridge.connect(transport);
  }

  setAskBeforeCalls(ask: boolean): void {
    this.update({ askBeforeCalls: ask });
  }

  answerPendingCall(allowed: boolean): void {
    this.decide?.(allowed);
  }

  setDisplayMode(mode: 'inline' | 'fullscreen'): void {
    this.update({ displayMode: mode });
    this.hostContext = { ...this.hostContext, displayMode: mode };
    this.bridge?.setHostContext(this.hostContext);
  }

  /** Tells the app it is being torn down (ui/resource-teardown), waits briefly for its answer, and releases it. */
  async close(): Promise<void> {
    if (this.state.status === 'closed') return;
    const bridge = this.bridge;
    if (bridge && this.state.status === 'ready') {
      await bridge.teardownResource({}, { timeout: 2_000 }).catch(() => this.addEvent('info', 'The app did not answer the teardown in time.'));
    }
    this.update({ status: 'closed' });
    this.decide?.(false);
    await bridge?.close().catch(() => {});
    // Every record (the app's answer to the teardown included) reaches the log before the core ends what is unanswered.
    await this.queue.drain();
    this.stopWatching?.();
    await this.options.api.invoke('apps.close', { appId: this.options.opening.appId }).catch(() => {});
  }

  private async callTool(name: string, args: JsonObject): Promise<CallToolResult> {
    const tool = this.options.tools().find((candidate) => candidate.name === name);
    const refusal = refusalOf(name, tool);
    if (refusal) {
      this.record({ direction: 'in', text: `Refused tools/call ${name.slice(0, 100)}`, violation: refusal });
      throw new Error(refusal);
    }
    if (this.state.askBeforeCalls) {
      const allowed = await new Promise<boolean>((resolve) => {
        this.decide = resolve;
        this.update({ pendingCall: { name, arguments: args } });
      });
      this.decide = null;
      this.update({ pendingCall: null });
      if (!allowed) {
        this.addEvent('info', `You declined the app's call of ${name}.`);
        throw new Error('The person using MCP Loupe declined this tool call.');
      }
    }
    this.addEvent('info', `The app called ${name}.`);
    const outcome = await this.options.api.invoke('tools.call', {
      serverId: this.options.opening.serverId,
      name,
      arguments: args,
      callId: crypto.randomUUID(),
    });
    if (outcome.failure) throw new Error(outcome.failure.message);
    return outcome.result as CallToolResult;
  }

  private record(record: AppWireRecord): void {
    this.queue.push(record);
    if (record.violation) this.addViolation(record.violation);
  }

  private addViolation(text: string): void {
    const violations = [...this.state.violations, { id: ++this.eventIds, kind: 'info' as const, text }];
    this.update({ violations: violations.length > MAX_VIOLATIONS ? violations.slice(violations.length - MAX_VIOLATIONS) : violations });
  }

  private addEvent(kind: AppEvent['kind'], text: string, url?: string): void {
    const events = [...this.state.events, { id: ++this.eventIds, kind, text, ...(url ? { url } : {}) }];
    this.update({ events: events.length > MAX_EVENTS ? events.slice(events.length - MAX_EVENTS) : events });
  }

  private update(patch: Partial<AppSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
