import type { FetchLike } from '@modelcontextprotocol/client';
import type { ChatEvent } from '../../shared/chat.js';
import type { Notice } from '../../shared/contract.js';
import type { ToolCallApproval } from '../../shared/approvals.js';
import type { JsonObject, RpcOutcome, SchemaValidation, ToolCallParams, ToolInfo } from '../../shared/mcp.js';
import type { DraftEvent, ModelProvider, RuleSpend } from '../../shared/models.js';
import type { Approvals } from './approvals/index.js';
import { ToolCallQueue } from './approvals/tool-call-queue.js';
import { ChatEngine } from './chat/chat-engine.js';
import { ChatStore } from './chat/chat-store.js';
import { chatHandlers } from './handlers/chat-handlers.js';
import { modelHandlers } from './handlers/model-handlers.js';
import type { SecretStore } from './secrets/secret-store.js';
import type { TrafficLog } from './traffic/traffic-log.js';
import { Drafts } from './models/drafts.js';
import { ModelClients } from './models/model-client.js';
import { DEFAULT_MODEL_FETCH_LIMITS, type ModelFetchLimits } from './models/model-fetch.js';
import { ProviderStore } from './models/provider-store.js';
import { RuleSpending } from './models/rule-spending.js';

/** What the models and the chat use of the rest of the core: the MCP side goes through the same handlers the window calls. */
export interface ModelsDeps {
  dataDir: string;
  secrets: SecretStore;
  /** Every key seen, for redaction in exports. */
  rememberSecret: (value: string) => void;
  onNotice: (notice: Notice) => void;
  traffic: TrafficLog;
  approvals: Approvals;
  emit: {
    providersChanged: (providers: ModelProvider[]) => void;
    draft: (event: DraftEvent) => void;
    ruleSpending: (spends: RuleSpend[]) => void;
    chat: (event: ChatEvent) => void;
    toolCall: (approval: ToolCallApproval) => void;
  };
  serverName: (serverId: string) => string;
  /** The server's tools; throws a sentence when it is not connected. */
  tools: (serverId: string) => Promise<ToolInfo[]>;
  callTool: (params: ToolCallParams) => Promise<RpcOutcome>;
  cancelCall: (callId: string) => void;
  readResource: (serverId: string, uri: string) => Promise<RpcOutcome>;
  getPrompt: (serverId: string, name: string, args: Record<string, string>) => Promise<RpcOutcome>;
  validate: (schema: JsonObject, value: unknown) => Promise<SchemaValidation>;
  limits?: ModelFetchLimits | undefined;
  /** The network under Loupe's limits and record (default: the proxy-aware fetch MCP HTTP uses). */
  fetch?: FetchLike | undefined;
}

type Handlers = ReturnType<typeof modelHandlers> & ReturnType<typeof chatHandlers>;

/** Model providers, drafts of sampling replies (and rules that answer with a model), and the chat playground. */
export async function createModels(deps: ModelsDeps): Promise<{ handlers: Handlers; dispose: () => Promise<void> }> {
  const store = await ProviderStore.open(deps.dataDir, deps.secrets, deps.onNotice, deps.rememberSecret);
  const clients = new ModelClients({ store, traffic: deps.traffic, limits: deps.limits ?? DEFAULT_MODEL_FETCH_LIMITS, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const spending = new RuleSpending(deps.emit.ruleSpending);
  const drafts = new Drafts({ target: deps.approvals.drafting, clients, store, spending, emit: deps.emit.draft });
  deps.approvals.watch((approval) => drafts.approvalChanged(approval));
  deps.approvals.answerRulesWith((approval, rule) => drafts.planRule(approval, rule));

  const toolCalls = new ToolCallQueue({ emit: deps.emit.toolCall, validate: deps.validate });
  const engine = new ChatEngine({
    store: await ChatStore.open(deps.dataDir, deps.onNotice),
    emit: deps.emit.chat,
    requireProvider: (providerId) => void store.require(providerId),
    clients,
    providerKind: (providerId) => store.require(providerId).kind,
    serverTools: (serverIds) => Promise.all(serverIds.map(async (serverId) => ({ serverId, serverName: deps.serverName(serverId), tools: await deps.tools(serverId) }))),
    callTool: deps.callTool,
    cancelCall: deps.cancelCall,
    validate: deps.validate,
    toolApprovals: toolCalls,
    serverName: deps.serverName,
    readResource: deps.readResource,
    getPrompt: deps.getPrompt,
  });
  const handlers: Handlers = {
    ...modelHandlers({ store, clients, drafts, spending, approvals: deps.approvals.drafting, changed: () => deps.emit.providersChanged(store.list()) }),
    ...chatHandlers(engine, toolCalls),
  };
  return { handlers, dispose: () => engine.dispose() };
}
