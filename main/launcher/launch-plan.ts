export interface LaunchPlan {
  command: string;
  args: string[];
  /** Said to the user before starting, when the plan is not the one they asked for. */
  notice?: string;
}

export interface LaunchContext {
  /** The Electron executable, or null when it is not installed. */
  electronBinary: string | null;
  /** Why there is no Electron binary, to say so in the fallback notice. */
  missingReason?: string;
  /** The folder holding the app's package.json. */
  appDir: string;
  /** The browser-mode host: dist/main/host/cli.js. */
  browserHostCli: string;
  /** The Node executable to run the browser host with. */
  nodeBinary: string;
  /** The user's arguments, passed on unchanged. */
  args: readonly string[];
}

export const BROWSER_FALLBACK_NOTICE =
  'The Electron binary is not installed (offline install), so MCP Loupe is starting in browser mode instead.';

/** One sentence: no Electron, why, and that browser mode starts instead. */
export function browserFallbackNotice(reason: string | undefined): string {
  if (!reason) return BROWSER_FALLBACK_NOTICE;
  return `The Electron binary is not installed (${reason}), so MCP Loupe is starting in browser mode instead.`;
}

export function planLaunch({ electronBinary, missingReason, appDir, browserHostCli, nodeBinary, args }: LaunchContext): LaunchPlan {
  if (electronBinary) return { command: electronBinary, args: [appDir, ...args] };
  return { command: nodeBinary, args: [browserHostCli, ...args], notice: browserFallbackNotice(missingReason) };
}
