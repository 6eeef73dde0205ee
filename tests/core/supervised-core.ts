import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { CoreSupervisor, type SupervisorTiming } from '../../main/core-process/core-supervisor.js';
import { forkCoreProcess } from '../../main/core-process/fork-core-process.js';
import type { CreateCoreOptions } from '../../main/core/create-core.js';

/** The compiled entry (`npm test` builds first): the child runs plain Node, not vitest's loader. */
const ENTRY = fileURLToPath(new URL('../../dist/main/core-process/core-process-main.js', import.meta.url));

const started: CoreSupervisor[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((supervisor) => supervisor.dispose()));
});

/** A core in a process of its own, as the app runs it, on a fresh data folder unless given one; disposed after the test. */
export async function startSupervisedCore(
  dataDir = mkdtempSync(join(tmpdir(), 'loupe-core-process-')),
  timing: Partial<SupervisorTiming> = {},
  options: Partial<CreateCoreOptions> = {},
): Promise<CoreSupervisor> {
  const supervisor = await CoreSupervisor.start(() => forkCoreProcess(ENTRY), { dataDir, mode: 'browser', version: 'test', ...options }, timing);
  started.push(supervisor);
  return supervisor;
}
