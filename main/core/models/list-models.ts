import type { ModelConnectionTest, ModelInfo, ModelList } from '../../../shared/models.js';
import { describeModelFailure, ProviderStatusError } from './model-failure.js';
import type { ModelSession } from './model-client.js';

/** More than any provider offers: a list longer than this is cut. */
const MAX_MODELS = 5_000;
const MAX_ID = 200;
/** The Anthropic API version Loupe's Anthropic SDK speaks. */
const ANTHROPIC_VERSION = '2023-06-01';

function headersFor(session: ModelSession): Record<string, string> {
  const { key, provider } = session;
  if (provider.kind === 'anthropic') return { 'anthropic-version': ANTHROPIC_VERSION, ...(key ? { 'x-api-key': key } : {}) };
  return key ? { authorization: `Bearer ${key}` } : {};
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** `data: [{ id, display_name? }]`, the shape OpenAI, Anthropic and the compatible servers (Ollama, LM Studio, vLLM) share. */
function readModels(body: unknown): ModelInfo[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('its answer has no "data" list of models');
  const models: ModelInfo[] = [];
  for (const item of data.slice(0, MAX_MODELS)) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id === '' || id.length > MAX_ID) continue;
    const name = (item as { display_name?: unknown }).display_name;
    models.push({ id, ...(typeof name === 'string' && name !== id ? { name: name.slice(0, MAX_ID) } : {}) });
  }
  return models;
}

/** The provider's models (`GET <base>/models`), through the session's recorded, bounded fetch. */
export async function listModels(session: ModelSession): Promise<ModelList> {
  const url = `${session.baseUrl}/models`;
  const response = await session.fetch(url, { method: 'GET', headers: headersFor(session) });
  const text = await response.text();
  if (!response.ok) throw new ProviderStatusError(response.status, response.statusText, url, text, headerRecord(response.headers));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${session.provider.name} answered ${url} with something that is not JSON`);
  }
  return { providerId: session.provider.id, models: readModels(body), fetchedAt: Date.now() };
}

/** Lists the models, and says in one sentence what came of it. */
export async function testConnection(session: ModelSession): Promise<ModelConnectionTest> {
  const started = performance.now();
  const name = session.provider.name;
  try {
    const { models } = await listModels(session);
    const durationMs = performance.now() - started;
    const some = models
      .slice(0, 3)
      .map((model) => model.id)
      .join(', ');
    const message =
      models.length === 0
        ? `Connected to ${name}, but it lists no models: type the model's name where one is asked for.`
        : `Connected to ${name}: it lists ${models.length} model${models.length === 1 ? '' : 's'} (${some}${models.length > 3 ? ', …' : ''}).`;
    return { ok: true, message, models: models.length, durationMs };
  } catch (error) {
    return { ok: false, message: describeModelFailure(error, session.failureContext()), durationMs: performance.now() - started };
  }
}
