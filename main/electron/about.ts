export interface AboutVersions {
  app: string;
  electron: string | undefined;
  chromium: string | undefined;
  node: string;
  /** The MCP SDK the app is built on. */
  sdk: string | undefined;
}

/** The About panel's lines: what someone filing a bug report needs to say. */
export function aboutDetail(versions: AboutVersions): string {
  return [
    `Version ${versions.app}`,
    `Electron ${versions.electron ?? 'unknown'}`,
    `Chromium ${versions.chromium ?? 'unknown'}`,
    `Node ${versions.node}`,
    `MCP TypeScript SDK ${versions.sdk ?? 'unknown'} (@modelcontextprotocol/client)`,
  ].join('\n');
}
