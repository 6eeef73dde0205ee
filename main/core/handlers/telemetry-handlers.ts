import type { RequestHandlers } from '../../../shared/contract.js';
import type { McpTelemetry } from '../telemetry/mcp-telemetry.js';

type TelemetryHandlers = Pick<RequestHandlers, 'telemetry.configure' | 'telemetry.status' | 'telemetry.startSpan' | 'telemetry.endSpan'>;

export function telemetryHandlers(telemetry: McpTelemetry): TelemetryHandlers {
  return {
    'telemetry.configure': async (config) => telemetry.configure(config),
    'telemetry.status': async () => telemetry.status(),
    'telemetry.startSpan': async (params) => telemetry.startParent(params),
    'telemetry.endSpan': async ({ spanId, error }) => telemetry.endParent(spanId, error),
  };
}
