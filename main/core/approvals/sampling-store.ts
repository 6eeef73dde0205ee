import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AutoReplyRule, SamplingTemplate } from '../../../shared/approvals.js';
import { DEFAULT_RULE_TOKEN_CAP, type AutoReplyModel } from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';
import type { Notice } from '../../../shared/contract.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { keepOriginal, moveAside, movedAsideMessage, readJsonFile } from '../base/json-file.js';
import { createNotice } from '../base/notice.js';
import type { AutoReply } from './approval-queue.js';
import { isObject } from '../../../shared/is-object.js';

export const SAMPLING_FILE = 'sampling.json';
const FILE_VERSION = 1;

interface SamplingState {
  templates: SamplingTemplate[];
  rules: AutoReplyRule[];
}

const EMPTY: SamplingState = { templates: [], rules: [] };

function invalid(message: string): LoupeError {
  return new LoupeError(message, 'invalid-params');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function nonEmptyText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${what} must be non-empty text.`);
  return value.trim();
}

function optionalId(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return nonEmptyText(value, 'The id');
}

/** A template from the UI or the file; a new id when it has none. */
export function parseTemplate(value: unknown): SamplingTemplate {
  if (!isObject(value)) throw invalid('A template must be an object with a name and a result.');
  const name = nonEmptyText(value.name, 'The template name');
  if (!isObject(value.result)) throw invalid('The template result must be an object (a CreateMessageResult).');
  return { id: optionalId(value.id) ?? randomUUID(), name, result: value.result };
}

/** The most tokens a rule's cap may allow in a session. */
const MAX_TOKEN_CAP = 1_000_000_000;

function parseAnswerWithModel(value: unknown): AutoReplyModel {
  if (!isObject(value)) throw invalid('A rule\'s answerWithModel must be an object (with tokenCapPerSession, and a model or none to follow the preference rules).');
  const cap = value.tokenCapPerSession ?? DEFAULT_RULE_TOKEN_CAP;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1 || cap > MAX_TOKEN_CAP) throw invalid('The rule\'s token cap per session must be a whole number of at least 1.');
  if (value.model === undefined) return { tokenCapPerSession: cap };
  const model = value.model;
  if (!isObject(model)) throw invalid('The rule\'s model must name a provider and a model ({ providerId, modelId }).');
  return { model: { providerId: nonEmptyText(model.providerId, 'The rule\'s providerId'), modelId: nonEmptyText(model.modelId, 'The rule\'s modelId') }, tokenCapPerSession: cap };
}

/** A rule from the UI or the file; a new id when it has none. Its template is checked by the store. */
export function parseRule(value: unknown): AutoReplyRule {
  if (!isObject(value)) throw invalid('A rule must be an object with a name, enabled, and a templateId (or answerWithModel).');
  const name = nonEmptyText(value.name, 'The rule name');
  if (typeof value.enabled !== 'boolean') throw invalid('The rule must say whether it is enabled (true or false).');
  const answerWithModel = value.answerWithModel === undefined ? undefined : parseAnswerWithModel(value.answerWithModel);
  const templateId = answerWithModel && (value.templateId === undefined || value.templateId === '') ? '' : nonEmptyText(value.templateId, 'The rule templateId');
  const serverId = value.serverId === undefined ? undefined : nonEmptyText(value.serverId, 'The rule serverId');
  return {
    id: optionalId(value.id) ?? randomUUID(),
    name,
    enabled: value.enabled,
    ...(serverId ? { serverId } : {}),
    templateId,
    ...(answerWithModel ? { answerWithModel } : {}),
  };
}

/** Replaces the item with the same id, or appends it. */
function upsert<T extends { id: string }>(items: T[], item: T): T[] {
  return items.some((existing) => existing.id === item.id)
    ? items.map((existing) => (existing.id === item.id ? item : existing))
    : [...items, item];
}

function parseAll<T>(items: unknown[], parse: (value: unknown) => T): { parsed: T[]; skipped: number } {
  const parsed: T[] = [];
  for (const item of items) {
    try {
      parsed.push(parse(item));
    } catch {
      // Counted below: the original file is kept beside the new one.
    }
  }
  return { parsed, skipped: items.length - parsed.length };
}

/** Sampling templates and auto-reply rules, kept in `sampling.json` in the data dir. */
export class SamplingStore {
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private state: SamplingState,
  ) {}

  /** Loads the file. A corrupt file is moved aside and the store starts empty, never fatal. */
  static async open(dataDir: string, onNotice: (notice: Notice) => void): Promise<SamplingStore> {
    const path = join(dataDir, SAMPLING_FILE);
    return new SamplingStore(path, await load(path, onNotice));
  }

  templates(): SamplingTemplate[] {
    return this.state.templates;
  }

  rules(): AutoReplyRule[] {
    return this.state.rules;
  }

  /** The first enabled rule (in saved order) for this server that answers with a model, or whose template still exists. */
  autoReply(serverId: string): AutoReply | undefined {
    for (const rule of this.state.rules) {
      if (!rule.enabled || (rule.serverId !== undefined && rule.serverId !== serverId)) continue;
      if (rule.answerWithModel) return { ruleId: rule.id, ruleName: rule.name, answerWithModel: rule.answerWithModel };
      const template = this.state.templates.find((candidate) => candidate.id === rule.templateId);
      if (template) return { ruleName: rule.name, result: template.result };
    }
    return undefined;
  }

  async saveTemplate(input: unknown): Promise<SamplingTemplate> {
    const template = parseTemplate(input);
    return this.change((state) => ({ state: { ...state, templates: upsert(state.templates, template) }, value: template }));
  }

  /** Rules that use the template stay, and do nothing until they point at an existing template. */
  async removeTemplate(id: string): Promise<void> {
    return this.change((state) => {
      if (!state.templates.some((template) => template.id === id)) throw new LoupeError(`There is no template with id "${id}".`, 'unknown-template');
      return { state: { ...state, templates: state.templates.filter((template) => template.id !== id) }, value: undefined };
    });
  }

  async saveRule(input: unknown): Promise<AutoReplyRule> {
    const rule = parseRule(input);
    return this.change((state) => {
      if (!rule.answerWithModel && !state.templates.some((template) => template.id === rule.templateId)) {
        throw invalid(`The rule's template "${rule.templateId}" does not exist; save the template first.`);
      }
      return { state: { ...state, rules: upsert(state.rules, rule) }, value: rule };
    });
  }

  async removeRule(id: string): Promise<void> {
    return this.change((state) => {
      if (!state.rules.some((rule) => rule.id === id)) throw new LoupeError(`There is no rule with id "${id}".`, 'unknown-rule');
      return { state: { ...state, rules: state.rules.filter((rule) => rule.id !== id) }, value: undefined };
    });
  }

  /**
   * Applies a change once the file holds it. Changes run one after another, each on the state
   * the previous one left, so two quick edits cannot land out of order or overwrite each other.
   */
  private change<T>(apply: (state: SamplingState) => { state: SamplingState; value: T }): Promise<T> {
    const run = this.writes.then(async () => {
      const next = apply(this.state);
      const content = `${JSON.stringify({ version: FILE_VERSION, ...next.state }, null, 2)}\n`;
      try {
        await writeFileAtomic(this.path, content);
      } catch (error) {
        throw new LoupeError(`Could not save the sampling templates and rules to ${this.path}: ${reason(error)}.`, 'write-failed');
      }
      this.state = next.state;
      return next.value;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }
}

async function load(path: string, onNotice: (notice: Notice) => void): Promise<SamplingState> {
  const read = await readJsonFile(path);
  if (read.status === 'missing') return EMPTY;
  if (read.status === 'moved-aside') {
    onNotice(createNotice('warning', movedAsideMessage('The sampling templates file', path, read)));
    return EMPTY;
  }
  const parsed = read.value;
  if (!isObject(parsed) || !Array.isArray(parsed.templates) || !Array.isArray(parsed.rules)) {
    const moved = await moveAside(path, 'it has no "templates" and "rules" lists');
    onNotice(createNotice('warning', movedAsideMessage('The sampling templates file', path, moved)));
    return EMPTY;
  }
  const templates = parseAll(parsed.templates, parseTemplate);
  const rules = parseAll(parsed.rules, parseRule);
  const skipped = templates.skipped + rules.skipped;
  if (skipped > 0) {
    // The next save drops the bad entries; keep the original so nothing is lost.
    const copy = await keepOriginal(path);
    onNotice(createNotice('warning', `${skipped} template(s) or rule(s) in ${path} could not be read and were skipped.${copy ? ` The original file was kept as ${copy}.` : ''}`));
  }
  return { templates: templates.parsed, rules: rules.parsed };
}
