import type { z } from 'zod';

const MAX_PROBLEMS = 3;

function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'The parameters';
  return `"${path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.').replaceAll('.[', '[')}"`;
}

function what(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is missing';
  return issue.message.replace(/^Invalid input: /, '');
}

/** One sentence for a request whose params break its schema: which request, where, and what is wrong. */
export function describeInvalidParams(name: string, error: z.ZodError): string {
  const problems = error.issues.slice(0, MAX_PROBLEMS).map((issue) => `${where(issue.path)}: ${what(issue)}`);
  const more = error.issues.length > MAX_PROBLEMS ? ` (and ${error.issues.length - MAX_PROBLEMS} more)` : '';
  return `Invalid parameters for ${name}: ${problems.join('; ')}${more}.`;
}
