/**
 * MCP Apps (SEP-1865): what the core, the shells and the window share about an app's document.
 * An app is a tool's `ui://` resource rendered in a sandboxed frame on an origin of its own.
 */
import type { RpcOutcome } from './mcp.js';

/** The resource's declared Content-Security-Policy domains, as `_meta.ui.csp` states them. */
export interface AppCspDomains {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

/** What a `ui://` resource declares about itself in `_meta.ui` (only the fields Loupe understands). */
export interface AppResourceMeta {
  csp: AppCspDomains;
  /** Permission names asked for (`camera`, `microphone`, `geolocation`, `clipboardWrite`). */
  permissions: string[];
  prefersBorder?: boolean;
  /** A dedicated origin the server asked for; Loupe always uses its own per-app origin. */
  domain?: string;
}

/** An app document the core holds for its frame: opened with `apps.open`, served on the app's own origin. */
export interface AppOpening {
  appId: string;
  serverId: string;
  uri: string;
  /** The frame's address on its own origin (a `*.localhost` loopback port in browser mode, `loupe-app:` in Electron). */
  url: string;
  /** The only origin the window accepts the app's messages from. */
  origin: string;
  meta: AppResourceMeta;
  /** The policy the document is served with, built from the declared domains. */
  policy: string;
  /** Things wrong with the resource or its metadata, one sentence each (declared domains that were dropped, the MIME type). */
  problems: string[];
  /** The `resources/read` that fetched the document. */
  read: RpcOutcome;
}

/** What the shells serve for an app: the document and its policy, or nothing for an unknown app. */
export interface AppDocument {
  html: string;
  policy: string;
}

/** One app ↔ host message (or misbehaviour) for the traffic log. `in` is from the app, `out` is from Loupe. */
export interface AppWireRecord {
  direction: 'in' | 'out';
  /** The message as posted (a structured-clone value). */
  message?: unknown;
  /** Set when the message was not JSON-RPC, or for a report without a message (a blocked request). */
  text?: string;
  /** What the app did wrong, in one sentence. */
  violation?: string;
}

/** The MIME type of an MCP App's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** Where an app's frame sends its Content-Security-Policy violation reports (on its own origin). */
export const APP_CSP_REPORT_PATH = '/.loupe/csp-report';
/** How a violation reported by the frame's policy starts, in the traffic log and the app's panel. */
export const APP_POLICY_REPORT_PREFIX = 'Blocked by the app’s policy: ';
/** App ids are random hex; the frame's host name is `a<id>`. */
export const APP_ID_PATTERN = /^[0-9a-f]{24}$/;
/** Largest app document Loupe renders. */
export const APP_DOCUMENT_LIMIT = 8 * 1024 * 1024;

/** The frame origin for an app, from the shell's template (`{app}` stands for the app's host label). */
export function appOrigin(template: string, appId: string): string {
  return template.replace('{app}', `a${appId}`);
}
