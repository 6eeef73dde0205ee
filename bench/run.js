/**
 * Runs the benches and prints their reports. A bench that misses its goal prints FAIL but does
 * not fail the run; only a bench that could not run (setup error, failed calls) sets exit code 1.
 *
 *   node bench/run.js [--only name[,name]] [--calls N] [--rounds N] [--warmup N] [--count N]
 *
 * A bench is a module under bench/ exporting `name`, `description`, `defaults` and `run(options)`;
 * add it to BENCHES below.
 */
import { parseArgs } from 'node:util';

const BENCHES = {
  'stdio-calls': () => import('./stdio-calls.js'),
  'proxy-calls': () => import('./proxy-calls.js'),
  'proxy-large-reply': () => import('./proxy-large-reply.js'),
  'traffic-flood': () => import('./traffic-flood.js'),
  'large-result': () => import('./large-result.js'),
  'many-tools': () => import('./many-tools.js'),
  'package-size': () => import('./package-size.js'),
  'page-load': () => import('./page-load.js'),
  'million-entries': () => import('./million-entries.js'),
  'reload-log': () => import('./reload-log.js'),
  'model-draft': () => import('./model-draft.js'),
  collections: () => import('./collections.js'),
  'crossing-check': () => import('./crossing-check.js'),
  'approvals-flood': () => import('./approvals-flood.js'),
  'small-results': () => import('./small-results.js'),
  'chat-scroll': () => import('./chat-scroll.js'),
};

function parseCommandLine() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      calls: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      count: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`Usage: node bench/run.js [--only ${Object.keys(BENCHES).join(',')}] [--calls N] [--rounds N] [--warmup N] [--count N]`);
    process.exit(0);
  }
  const names = values.only ? values.only.split(',').map((only) => only.trim()) : Object.keys(BENCHES);
  const unknown = names.filter((benchName) => !Object.hasOwn(BENCHES, benchName));
  if (unknown.length) throw new Error(`Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
  const overrides = {};
  for (const key of ['calls', 'rounds', 'warmup', 'count']) {
    if (values[key] === undefined) continue;
    const value = Number(values[key]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${key} needs a whole number ≥ 0`);
    overrides[key] = value;
  }
  return { names, overrides };
}

async function main() {
  const { names, overrides } = parseCommandLine();
  let broken = false;
  for (const benchName of names) {
    const bench = await BENCHES[benchName]();
    try {
      const { problems } = await bench.run({ ...bench.defaults, ...overrides });
      if (problems.length) broken = true;
    } catch (error) {
      broken = true;
      console.error(`\n${benchName}: could not run: ${error.stack ?? error}`);
    }
  }
  return broken ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
