import {
  DIAGRAM_PARTICIPANTS,
  type DebugExchange,
  type DebugStep,
  type DebugStepKind,
  type DiagramArrow,
  type DiagramParticipant,
  type SequenceDiagram,
} from '../../../../shared/oauth-debugger.js';

/** Where a step's requests go. */
const TARGET: Record<DebugStepKind, DiagramParticipant> = {
  'unauthenticated-request': 'mcp-server',
  'resource-metadata': 'mcp-server',
  'authorization-server-metadata': 'authorization-server',
  'client-registration': 'authorization-server',
  'authorization-request': 'authorization-server',
  'authorization-redirect': 'client',
  'token-request': 'authorization-server',
  'token-refresh': 'authorization-server',
  'authenticated-request': 'mcp-server',
  'token-revocation': 'authorization-server',
};

const REQUEST_LABEL: Partial<Record<DebugStepKind, string>> = {
  'unauthenticated-request': 'MCP request without a token',
  'client-registration': 'register the client (RFC 7591)',
  'token-request': 'token request (code + PKCE verifier)',
  'token-refresh': 'refresh token grant',
  'authenticated-request': 'MCP request with the access token',
  'token-revocation': 'revoke the token (RFC 7009)',
};

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function answerLabel(exchange: DebugExchange): string {
  if (exchange.error !== undefined || exchange.status === undefined) return `no answer (${exchange.error ?? 'none'})`;
  const challenge = exchange.responseHeaders?.['www-authenticate'];
  const location = exchange.responseHeaders?.location;
  if (challenge) return `${exchange.status} WWW-Authenticate: ${challenge.slice(0, 120)}`;
  if (location) return `${exchange.status} redirect to ${pathOf(location)}`;
  return `${exchange.status} ${exchange.statusText ?? ''}`.trim();
}

function failed(exchange: DebugExchange): boolean {
  return exchange.error !== undefined || (exchange.status !== undefined && exchange.status >= 400 && exchange.status !== 401);
}

/** The arrows of one step that went out over HTTP: a request and its answer per exchange. */
function exchangeArrows(step: DebugStep, from: DiagramParticipant, to: DiagramParticipant): DiagramArrow[] {
  return step.exchanges.flatMap((exchange, index): DiagramArrow[] => [
    { step: step.index, from, to, kind: 'request', label: `${exchange.method} ${pathOf(exchange.url)}${REQUEST_LABEL[step.kind] ? ` (${REQUEST_LABEL[step.kind]})` : ''}`, status: 'done', exchange: index },
    { step: step.index, from: to, to: from, kind: 'response', label: answerLabel(exchange), status: failed(exchange) ? 'failed' : 'done', exchange: index },
  ]);
}

function stepArrows(step: DebugStep): DiagramArrow[] {
  const at = (from: DiagramParticipant, to: DiagramParticipant, kind: DiagramArrow['kind'], label: string, status: DiagramArrow['status'] = 'done'): DiagramArrow => ({ step: step.index, from, to, kind, label, status });
  if (step.status === 'skipped') return [];
  if (step.status === 'pending') {
    if (step.kind === 'authorization-redirect') return [at('authorization-server', 'browser', 'response', 'redirect back with code, state (and iss)', 'pending')];
    if (!step.request) return [at('client', 'client', 'note', step.summary, 'pending')];
    const from = step.kind === 'authorization-request' ? 'browser' : 'client';
    return [at(from, TARGET[step.kind], 'request', `${step.request.method} ${pathOf(step.request.url)}${REQUEST_LABEL[step.kind] ? ` (${REQUEST_LABEL[step.kind]})` : ''}`, 'pending')];
  }
  switch (step.kind) {
    case 'client-registration':
      if (step.exchanges.length === 0) return [at('client', 'client', 'note', step.summary)];
      if (step.request?.paramsIn === 'query') {
        // A Client ID Metadata Document: the authorization server fetches it; Loupe fetched it too, to check it.
        return [at('authorization-server', 'client', 'request', 'fetches the client id URL (Client ID Metadata Document)'), ...exchangeArrows(step, 'client', 'client').slice(1)];
      }
      return exchangeArrows(step, 'client', 'authorization-server');
    case 'authorization-request':
      return [at('client', 'browser', 'request', 'open the authorization page (PKCE challenge, state, resource)'), ...exchangeArrows(step, 'browser', 'authorization-server')];
    case 'authorization-redirect': {
      const status = step.status === 'failed' ? 'failed' : step.status === 'waiting' ? 'pending' : 'done';
      return [at('authorization-server', 'browser', 'response', 'redirect back with code, state (and iss)', status), at('browser', 'client', 'request', `GET ${step.request ? pathOf(step.request.url) : 'the redirect URI'} (Loupe's loopback listener)`, status)];
    }
    default:
      return exchangeArrows(step, 'client', TARGET[step.kind]);
  }
}

/** The diagram's data for the steps so far (the window draws it). */
export function sequenceDiagram(steps: readonly DebugStep[]): SequenceDiagram {
  return { participants: DIAGRAM_PARTICIPANTS, arrows: steps.flatMap(stepArrows) };
}
