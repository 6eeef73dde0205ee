import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestRun, RunReport } from '../../shared/collections.js';
import { RunStore } from '../../main/core/collections/run-store.js';

function requestRun(requestPath: string, status: RequestRun['status'], error?: string): RequestRun {
  return {
    path: requestPath,
    name: requestPath.replace(/\.yaml$/, ''),
    startedAt: 1_700_000_000_000,
    trafficSeqs: [3, 4],
    resultKept: false,
    server: 'fixture',
    status,
    ...(error !== undefined ? { error } : {}),
    durationMs: 1.5,
    checks: [{ index: 0, label: 'outcome is success', passed: status === 'passed', ...(status === 'passed' ? {} : { message: 'It failed "here".' }) }],
  };
}

function report(runId: string, requests: RequestRun[]): RunReport {
  return {
    runId,
    // A name that holds the report's own key, quoted: the report's text must still be the report.
    collection: 'A "requests":[] collection',
    dir: '/tmp/a',
    startedAt: 1,
    durationMs: 2,
    requests,
    totals: { requests: requests.length, passed: 1, failed: 1, errors: 0, checks: requests.length, checksFailed: 1 },
  };
}

describe('the run store records', () => {
  it('writes each run as JSON.stringify would, its result place last, and keeps the last run as the previous', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-run-store-'));
    const store = new RunStore(dataDir);
    const paths = ['echo/a.yaml', 'echo/"quoted" b.yaml'];
    const runIds = ['run-1', 'run-2'];
    const rounds = runIds.map((runId, round) => {
      const recorder = store.begin('/tmp/a', runId);
      const runs = [recorder.add(requestRun(paths[0]!, 'passed'), `{"result":{"n":${round}}}`), recorder.add(requestRun(paths[1]!, 'failed', 'Why "not".'), undefined)];
      const made = report(runId, runs);
      recorder.finish(made);
      return { runs, report: made };
    });
    await store.settled();
    const folder = join(dataDir, 'collections');
    const [hashed] = (await import('node:fs')).readdirSync(folder);
    const read = (name: string) => readFileSync(join(folder, hashed!, name), 'utf8');

    const [first, second] = rounds;
    expect(read('last-run.json')).toBe(JSON.stringify(second!.report));
    expect(read('previous-run.json')).toBe(JSON.stringify(first!.report));
    const length = Buffer.byteLength('{"result":{"n":0}}');
    expect(read('requests.json')).toBe(
      JSON.stringify({
        [paths[0]!]: { last: { ...second!.runs[0], result: { runId: 'run-2', offset: 0, length } }, previous: { ...first!.runs[0], result: { runId: 'run-1', offset: 0, length } } },
        [paths[1]!]: { last: second!.runs[1], previous: first!.runs[1] },
      }),
    );
    expect(await store.requestRuns('/tmp/a', paths[0]!)).toEqual({ last: second!.runs[0], previous: first!.runs[0] });
  });
});
