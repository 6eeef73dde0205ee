import type { RequestHandlers } from '../../../shared/contract.js';
import type { TelemetryStatus } from '../../../shared/telemetry.js';
import type { McpTelemetry } from '../telemetry/mcp-telemetry.js';
import type { TelemetrySettings } from '../config/telemetry-settings.js';

type TelemetryHandlers = Pick<RequestHandlers, 'telemetry.configure' | 'telemetry.status' | 'telemetry.startSpan' | 'telemetry.endSpan'>;

export function telemetryHandlers(telemetry: McpTelemetry, settings: TelemetrySettings): TelemetryHandlers {
  const withSaved = (status: TelemetryStatus): TelemetryStatus => (settings.saved ? { ...status, saved: settings.saved } : status);
  return {
    'telemetry.configure': async ({ keepHeaders, remember, ...config }) => {
      const resolved = await settings.resolve({ ...config, keepHeaders });
      const status = await telemetry.configure({ endpoint: resolved.endpoint, headers: resolved.headers });
      if (remember) await settings.save(resolved);
      return withSaved(status);
    },
    'telemetry.status': async () => withSaved(telemetry.status()),
    'telemetry.startSpan': async (params) => telemetry.startParent(params),
    'telemetry.endSpan': async ({ spanId, error }) => telemetry.endParent(spanId, error),
  };
}
