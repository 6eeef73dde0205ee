import type { ServerIcon } from '../../../shared/connection.js';
import type {
  JsonObject,
  PromptArgumentInfo,
  PromptInfo,
  ResourceInfo,
  ResourceTemplateInfo,
  ToolInfo,
} from '../../../shared/mcp.js';
import { isObject } from '../../../shared/is-object.js';

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A tool as the UI needs it, built leniently from whatever the server sent. */
export function toToolInfo(raw: unknown): ToolInfo {
  const tool = isObject(raw) ? raw : {};
  const title = optionalString(tool.title);
  const description = optionalString(tool.description);
  return {
    name: typeof tool.name === 'string' ? tool.name : '(unnamed tool)',
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(isObject(tool.inputSchema) ? { inputSchema: tool.inputSchema } : {}),
    ...(isObject(tool.outputSchema) ? { outputSchema: tool.outputSchema } : {}),
    ...(isObject(tool.annotations) ? { annotations: tool.annotations } : {}),
    ...(Array.isArray(tool.icons) ? { icons: tool.icons.filter(isObject) as unknown as ServerIcon[] } : {}),
    ...(isObject(tool._meta) ? { _meta: tool._meta } : {}),
    ...(isObject(tool.execution) ? { execution: tool.execution } : {}),
  };
}

function common(raw: JsonObject) {
  const title = optionalString(raw.title);
  const description = optionalString(raw.description);
  const mimeType = optionalString(raw.mimeType);
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(mimeType !== undefined ? { mimeType } : {}),
    ...(Array.isArray(raw.icons) ? { icons: raw.icons.filter(isObject) as unknown as ServerIcon[] } : {}),
    ...(isObject(raw.annotations) ? { annotations: raw.annotations } : {}),
    ...(isObject(raw._meta) ? { _meta: raw._meta } : {}),
  };
}

export function toResourceInfo(raw: unknown): ResourceInfo {
  const resource = isObject(raw) ? raw : {};
  const uri = typeof resource.uri === 'string' ? resource.uri : '';
  return {
    uri,
    name: typeof resource.name === 'string' ? resource.name : uri || '(unnamed resource)',
    ...common(resource),
    ...(typeof resource.size === 'number' ? { size: resource.size } : {}),
  };
}

export function toResourceTemplateInfo(raw: unknown): ResourceTemplateInfo {
  const template = isObject(raw) ? raw : {};
  const uriTemplate = typeof template.uriTemplate === 'string' ? template.uriTemplate : '';
  return {
    uriTemplate,
    name: typeof template.name === 'string' ? template.name : uriTemplate || '(unnamed template)',
    ...common(template),
  };
}

const PROMPT_ARGUMENT_FIELDS = new Set(['name', 'title', 'description', 'required']);

function toPromptArgument(raw: unknown): PromptArgumentInfo {
  const argument = isObject(raw) ? raw : {};
  const extraEntries = Object.entries(argument).filter(([key]) => !PROMPT_ARGUMENT_FIELDS.has(key));
  const title = optionalString(argument.title);
  const description = optionalString(argument.description);
  return {
    name: typeof argument.name === 'string' ? argument.name : '(unnamed argument)',
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(argument.required === true ? { required: true } : {}),
    ...(extraEntries.length > 0 ? { extra: Object.fromEntries(extraEntries) } : {}),
  };
}

export function toPromptInfo(raw: unknown): PromptInfo {
  const prompt = isObject(raw) ? raw : {};
  const { mimeType: _mimeType, annotations: _annotations, ...rest } = common(prompt);
  return {
    name: typeof prompt.name === 'string' ? prompt.name : '(unnamed prompt)',
    ...rest,
    arguments: Array.isArray(prompt.arguments) ? prompt.arguments.map(toPromptArgument) : [],
  };
}
