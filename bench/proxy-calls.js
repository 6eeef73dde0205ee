/**
 * 1,000 sequential `echo` calls to server-everything over stdio from a bare SDK v2 client: straight
 * to the server, and through `loupe proxy` while the app's core runs and records the session (and,
 * for reference, through the proxy with no app, saving to the data folder). Goal: the proxy with
 * the app recording adds at most 5 %.
 * The floor is timed too: what any process standing between client and server costs, which no proxy
 * can go below. A bare Node pipe proxy that records nothing, and two without Node at all (see
 * lib/native-pipes.js): the server run as `cat | server | cat`, and a C proxy copying raw file
 * descriptors. When even the cheapest of them costs more than the goal, the bench says so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EVERYTHING_STDIO } from './lib/everything-server.js';
import { startAppProcess, throughProxy } from './lib/loupe-proxy.js';
import { throughCatPipes, throughRawFdProxy } from './lib/native-pipes.js';
import { childPids, commandName, processCpuMs } from './lib/process-cpu.js';
import { comparePairedRounds } from './lib/paired-rounds.js';

export const name = 'proxy-calls';
export const description = 'sequential echo calls over stdio: straight to the server vs through loupe proxy (app recording)';
export const defaults = { calls: 1000, rounds: 9, warmup: 10000 };

const GOAL_RATIO = 1.05;
const ECHO = { name: 'echo', arguments: { message: 'hello' } };
const DIRECT = 'direct';
const WITH_APP = 'loupe proxy, app recording';
const WITHOUT_APP = 'loupe proxy, no app';
const BARE_PIPE = 'bare pipe proxy (records nothing)';
const CAT_PIPES = 'cat | server | cat (no Node)';
const RAW_FD_PROXY = 'C raw-fd proxy (no Node)';
const BARE_PIPE_SCRIPT = fileURLToPath(new URL('./lib/bare-pipe-proxy.js', import.meta.url));

/** What stands between client and server, as process ids, given the process the client started. */
const NOTHING_BETWEEN = () => [];
const THE_PROXY = (pid) => [pid];
const THE_PROXY_AND_APP = (app) => (pid) => [pid, app.pid, ...childPids(app.pid)];
const THE_CATS = (pid) => [pid, ...childPids(pid).filter((child) => commandName(child) === 'cat')];

async function openClient(label, launch, between, cleanup = async () => {}) {
  const transport = new StdioClientTransport({ ...launch, stderr: 'pipe' });
  transport.stderr?.resume();
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  await client.connect(transport);
  const started = transport.pid;
  return {
    label,
    ...(processCpuMs ? { middleCpuMs: () => processCpuMs(() => between(started)) } : {}),
    async call() {
      try {
        return (await client.callTool(ECHO)).isError !== true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      await cleanup();
    },
  };
}

/** The launches without Node that exist on this machine, and notes on those that do not. */
function nativeFloors() {
  const floors = [];
  const notes = [];
  for (const [label, found] of [
    [CAT_PIPES, throughCatPipes(EVERYTHING_STDIO)],
    [RAW_FD_PROXY, throughRawFdProxy(EVERYTHING_STDIO)],
  ]) {
    if (found.missing) notes.push(` ${label}: not run, ${found.missing}`);
    else floors.push([label, () => openClient(label, found.launch, label === CAT_PIPES ? THE_CATS : THE_PROXY, found.cleanup)]);
  }
  return { floors, notes };
}

export async function run({ calls, rounds, warmup }) {
  const native = nativeFloors();
  const floorLabels = [BARE_PIPE, ...native.floors.map(([label]) => label)];
  const report = await comparePairedRounds({
    name,
    description,
    openers: [
      [DIRECT, () => openClient(DIRECT, EVERYTHING_STDIO, NOTHING_BETWEEN)],
      [
        WITH_APP,
        async () => {
          const app = await startAppProcess();
          return openClient(WITH_APP, throughProxy(EVERYTHING_STDIO, app.dataDir), THE_PROXY_AND_APP(app), () => app.dispose());
        },
      ],
      [
        WITHOUT_APP,
        async () => {
          const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-proxy-'));
          return openClient(WITHOUT_APP, throughProxy(EVERYTHING_STDIO, dataDir), THE_PROXY, () => rm(dataDir, { recursive: true, force: true }));
        },
      ],
      [BARE_PIPE, () => openClient(BARE_PIPE, { command: process.execPath, args: [BARE_PIPE_SCRIPT, EVERYTHING_STDIO.command, ...EVERYTHING_STDIO.args] }, THE_PROXY)],
      ...native.floors,
    ],
    baseline: DIRECT,
    compared: WITH_APP,
    goal: GOAL_RATIO,
    moreRatios: [
      ...floorLabels.map((label) => [label, DIRECT]),
      [WITHOUT_APP, BARE_PIPE],
      [WITH_APP, BARE_PIPE],
      ...native.floors.map(([label]) => [WITH_APP, label]),
    ],
    calls,
    rounds,
    warmup,
    notes: [
      ' the app runs as browser mode does (its host and its core, each a process of its own, no window attached);',
      " bench cpu ms: CPU used by this process (the client), not the proxy's, the app's or the server's",
      ...(processCpuMs
        ? [" middle cpu ms: CPU used by what stands between client and server (the proxy, all its threads; the app's host and core; the cats), per round, from /proc"]
        : []),
      ...native.notes,
    ],
  });
  sayFloor(report.medians, floorLabels);
  return report;
}

/** Whether the goal is below what any process in the middle costs here: the cheapest floor's ratio to direct. */
function sayFloor(medians, floorLabels) {
  const direct = medians.get(DIRECT);
  const floors = floorLabels.filter((label) => medians.has(label)).map((label) => ({ label, ratio: medians.get(label) / direct }));
  if (!direct || floors.length === 0) return;
  const cheapest = floors.reduce((best, floor) => (floor.ratio < best.ratio ? floor : best));
  const figures = floors.map((floor) => `${floor.label} ${medians.get(floor.label).toFixed(1)} ms = ${floor.ratio.toFixed(2)}×`).join('; ');
  if (cheapest.ratio > GOAL_RATIO) {
    console.log(
      `\nany process between client and server costs ${cheapest.ratio.toFixed(2)}× here (cheapest: ${cheapest.label}; direct ${direct.toFixed(1)} ms; ${figures}): ` +
        `the goal of ${GOAL_RATIO.toFixed(2)}× is below this floor`,
    );
  } else {
    console.log(`\nfloor: the cheapest process in the middle costs ${cheapest.ratio.toFixed(2)}× (${cheapest.label}), within the goal of ${GOAL_RATIO.toFixed(2)}× (${figures})`);
  }
  const nodeFloor = floors.find((floor) => floor.label === BARE_PIPE);
  if (nodeFloor) {
    console.log(`a Node process in the middle that records nothing costs ${nodeFloor.ratio.toFixed(2)}× here: \`loupe proxy\` runs on Node, so this is the least it can cost`);
  }
}
