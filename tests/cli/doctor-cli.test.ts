import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../shared/doctor.js';
import { EVERYTHING_ENTRY, FIXTURE_SERVER } from '../core/helpers.js';
import { loupe } from './run-loupe.js';

const dataDir = () => ['--data-dir', mkdtempSync(join(tmpdir(), 'loupe-cli-doctor-'))];

describe('loupe doctor (built)', () => {
  it('prints one line per check for a healthy stdio server and exits 0; --json is the report', async () => {
    const text = await loupe(['doctor', ...dataDir(), '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines.filter((line) => /^[✓✗!-] /.test(line)).map((line) => line.slice(0, 1))).toEqual(['✓', '✓', '✓', '✓', '✓', '✓', '✓']);
    expect(lines.at(-1)).toMatch(/: Every check passed\.$/);

    const json = await loupe(['doctor', '--json', ...dataDir(), '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as DoctorReport;
    expect(report.ok).toBe(true);
    expect(report.checks.map((check) => check.id)).toEqual(['command-found', 'starts', 'stays-up', 'stdout-json-rpc', 'stderr', 'initialize', 'protocol']);
  });

  it('shows the stray stdout line and its fix, exits 1, and records the doctor\'s start of the server', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'loupe-cli-doctor-rec-')), 'record.jsonl');
    const run = await loupe(['doctor', ...dataDir(), '--record', record, '--', process.execPath, FIXTURE_SERVER, '--banner', 'debug: booting']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('✗ stdout carries only JSON-RPC: One line on stdout before the answer to initialize is not JSON-RPC:\n    debug: booting\n  fix: stdout is the protocol channel: write logs to stderr');
    const recorded = readFileSync(record, 'utf8');
    expect(recorded).toContain('debug: booting');
    expect(recorded).toContain('"method":"initialize"');
  });

  it('says a command that is not on PATH is not found, with the command to find it', async () => {
    const run = await loupe(['doctor', ...dataDir(), '--', 'loupe-no-such-command']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^✗ The command is found: "loupe-no-such-command" is not in any of the \d+ folders of Loupe's PATH/);
    expect(run.stdout).toContain('    $ command -v loupe-no-such-command');
    expect(run.stdout).toContain('- It starts: Skipped: "The command is found" failed.');
  });
});
