export interface ScenarioResult {
  name: string;
  tags: string[];
  pass: boolean;
  reason: string;
}

/** The runner's --json output; anything else on stdout is an error that quotes the text it could not read. */
export function parseRunnerResults(stdout: string): ScenarioResult[] {
  if (!stdout.trim()) return [];
  try {
    return JSON.parse(stdout) as ScenarioResult[];
  } catch (error) {
    throw new Error(`The conformance runner's stdout is not its JSON results (${(error as Error).message}):\n${stdout.slice(0, 2000)}`, { cause: error });
  }
}
