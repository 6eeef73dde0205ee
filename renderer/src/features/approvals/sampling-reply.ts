import type { JsonObject } from '../../../../shared/mcp.js';
import { isObject } from '../../../../shared/is-object.js';

export const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'] as const;
export type StopReasonChoice = (typeof STOP_REASONS)[number] | 'custom';

export const DEFAULT_MODEL = 'mcp-loupe (human)';

/** An image or audio file the person picked, already base64-encoded. */
export interface ReplyFile {
  type: 'image' | 'audio';
  data: string;
  mimeType: string;
  name: string;
}

/** What the person composes as the answer to a sampling request. */
export interface ReplyDraft {
  role: 'assistant' | 'user';
  contentKind: 'text' | 'file';
  text: string;
  file?: ReplyFile;
  model: string;
  stopReason: StopReasonChoice;
  customStopReason: string;
  /** Sampling with tools (2025-11-25): the `tool_use` blocks of a model's draft, sent after the text. */
  toolUses?: JsonObject[];
}

export type ReplyErrors = Partial<Record<'text' | 'file' | 'model' | 'stopReason', string>>;

export type BuiltReply = { ok: true; result: JsonObject } | { ok: false; errors: ReplyErrors };

/** A fresh draft: an assistant text reply, named after the model the server hints at first. */
export function initialDraft(hints: readonly string[] = []): ReplyDraft {
  return {
    role: 'assistant',
    contentKind: 'text',
    text: '',
    model: hints[0]?.trim() || DEFAULT_MODEL,
    stopReason: 'endTurn',
    customStopReason: '',
  };
}

/** The CreateMessageResult the draft stands for, or what is missing, field by field. */
export function buildReply(draft: ReplyDraft): BuiltReply {
  const errors: ReplyErrors = {};
  let content: JsonObject | undefined;
  const toolUses = draft.toolUses ?? [];
  let blocks: JsonObject[] | undefined;
  if (draft.contentKind === 'text' && toolUses.length > 0) {
    blocks = [...(draft.text.trim() !== '' ? [{ type: 'text', text: draft.text }] : []), ...toolUses];
  } else if (draft.contentKind === 'text') {
    if (draft.text.trim() === '') errors.text = 'Write the reply text, or reject the request.';
    else content = { type: 'text', text: draft.text };
  } else if (!draft.file) {
    errors.file = 'Choose an image or audio file to send.';
  } else {
    content = { type: draft.file.type, data: draft.file.data, mimeType: draft.file.mimeType };
  }
  const model = draft.model.trim();
  if (model === '') errors.model = 'Name the model that produced the reply.';
  const stopReason = draft.stopReason === 'custom' ? draft.customStopReason.trim() : draft.stopReason;
  if (stopReason === '') errors.stopReason = 'Enter the custom stop reason.';
  if (Object.keys(errors).length > 0 || !(content ?? blocks)) return { ok: false, errors };
  return { ok: true, result: { role: draft.role, content: (blocks ?? content)!, model, stopReason } };
}

/** A draft filled from a saved result (a template); what the result lacks is kept from `base`. */
export function draftFromResult(result: JsonObject, base: ReplyDraft): ReplyDraft {
  const draft: ReplyDraft = { ...base };
  if (result.role === 'assistant' || result.role === 'user') draft.role = result.role;
  if (typeof result.model === 'string') draft.model = result.model;
  if (typeof result.stopReason === 'string') {
    const known = (STOP_REASONS as readonly string[]).includes(result.stopReason);
    draft.stopReason = known ? (result.stopReason as StopReasonChoice) : 'custom';
    draft.customStopReason = known ? '' : result.stopReason;
  }
  const blocks: unknown[] = Array.isArray(result.content) ? result.content : [result.content];
  const toolUses = blocks.filter((block): block is JsonObject => isObject(block) && block.type === 'tool_use');
  if (toolUses.length > 0) draft.toolUses = toolUses;
  else delete draft.toolUses;
  // The reply's text (or file) is its first other block; with tool uses, it may have none.
  const content: unknown = blocks.find((block) => !isObject(block) || block.type !== 'tool_use');
  if (content === undefined && toolUses.length > 0) {
    draft.contentKind = 'text';
    draft.text = '';
    delete draft.file;
  }
  if (isObject(content)) {
    if (content.type === 'text' && typeof content.text === 'string') {
      draft.contentKind = 'text';
      draft.text = content.text;
      delete draft.file;
    } else if ((content.type === 'image' || content.type === 'audio') && typeof content.data === 'string') {
      draft.contentKind = 'file';
      draft.file = {
        type: content.type,
        data: content.data,
        mimeType: typeof content.mimeType === 'string' ? content.mimeType : 'application/octet-stream',
        name: 'from template',
      };
    }
  }
  return draft;
}

/** `image` or `audio` for a file's MIME type; undefined for anything a sampling reply cannot carry. */
export function contentTypeForMime(mimeType: string): ReplyFile['type'] | undefined {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  return undefined;
}

/** Splits a `data:<mime>;base64,<data>` URL (what FileReader.readAsDataURL gives). */
export function splitDataUrl(dataUrl: string): { mimeType: string; data: string } | undefined {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(dataUrl);
  if (!match) return undefined;
  return { mimeType: match[1] || 'application/octet-stream', data: match[2] ?? '' };
}

/** A short description of a saved result, for the template list. */
export function resultPreview(result: JsonObject): string {
  const content: unknown = Array.isArray(result.content) ? result.content[0] : result.content;
  let what = 'no content';
  if (isObject(content)) {
    if (content.type === 'text' && typeof content.text === 'string') {
      const line = content.text.replace(/\s+/g, ' ').trim();
      what = `“${line.length > 80 ? `${line.slice(0, 79)}…` : line}”`;
    } else if (typeof content.type === 'string') {
      what = `${content.type}${typeof content.mimeType === 'string' ? ` (${content.mimeType})` : ''}`;
    }
  }
  const model = typeof result.model === 'string' ? ` · ${result.model}` : '';
  return `${what}${model}`;
}
