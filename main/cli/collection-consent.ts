/**
 * `loupe test` and a collection's consent: in CI nobody is there to be asked, so the command line
 * says what a collection may read (`--allow-env NAME`, `--allow-secret NAME`, or `--trust`). Naming
 * the folder on the command line is what allows its own commands to start, as with `npm test`.
 */
import type { CollectionConsent } from '../../shared/collections.js';

export const CONSENT_OPTIONS = {
  'allow-env': { type: 'string', multiple: true },
  'allow-secret': { type: 'string', multiple: true },
  trust: { type: 'boolean' },
} as const;

export const CONSENT_HELP = `  --allow-env NAME[,NAME…]     Let the collection read these environment variables ({{env:NAME}})
  --allow-secret NAME[,NAME…]  Let it read these secrets ({{secret:NAME}})
  --trust                 Let it read every variable and secret it names (only for a repository you trust)`;

export interface ConsentFlags {
  'allow-env'?: string[];
  'allow-secret'?: string[];
  trust?: boolean;
}

function names(values: readonly string[] | undefined): Set<string> {
  return new Set((values ?? []).flatMap((value) => value.split(',')).map((name) => name.trim()).filter(Boolean));
}

/** Why the command line does not allow what the collection reads, in one sentence; undefined when it does. */
export function refusedByFlags(consent: CollectionConsent, flags: ConsentFlags): string | undefined {
  if (consent.granted || flags.trust) return undefined;
  const env = names(flags['allow-env']);
  const secrets = names(flags['allow-secret']);
  const missing = consent.reads.filter((read) => !(read.kind === 'env' ? env : secrets).has(read.name));
  if (missing.length === 0) return undefined;
  const what = missing.map((read) => `${read.kind === 'env' ? `$${read.name}` : `the secret "${read.name}"`} (to ${read.sentTo.join(', ')})`).join(', ');
  const wanted = ['env', 'secret']
    .map((kind) => [kind, missing.filter((read) => read.kind === kind).map((read) => read.name)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => `--allow-${kind} ${list.join(',')}`)
    .join(' ');
  return `"${consent.collection}" reads ${what}, which the command line does not allow: add ${wanted} (or --trust) if that is where they should go.`;
}
