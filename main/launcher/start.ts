/**
 * `npm start`: runs the Electron app, or the browser mode when the Electron binary is not
 * installed. Arguments and stdio go to the child; its exit code becomes ours.
 */
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.js';
import { electronInstaller, ensureElectronBinary, runInstaller } from './fetch-electron.js';
import { installerOutput } from './installer-output.js';
import { planLaunch } from './launch-plan.js';

const output = installerOutput(process.argv.slice(2), process.env, homedir());
const outcome = await ensureElectronBinary({
  find: () => findElectronBinary(),
  installer: electronInstaller,
  run: runInstaller,
  output,
  env: process.env,
  say: (line) => console.log(line),
});
const plan = planLaunch({
  electronBinary: 'binary' in outcome ? outcome.binary : null,
  ...('missing' in outcome ? { missingReason: outcome.missing } : {}),
  // This file is dist/main/launcher/start.js.
  appDir: fileURLToPath(new URL('../../../', import.meta.url)),
  browserHostCli: fileURLToPath(new URL('../host/cli.js', import.meta.url)),
  nodeBinary: process.execPath,
  args: output.args,
});
if (plan.notice) console.log(plan.notice);

const env = { ...process.env };
// Inherited from a parent, this variable would make Electron run as plain Node.
delete env.ELECTRON_RUN_AS_NODE;

const child = spawn(plan.command, plan.args, { stdio: 'inherit', env });

// Ctrl+C already reaches the child through the terminal's process group: only keep it
// from ending the launcher before the child has shut down.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`Could not start MCP Loupe: ${error.message}`);
  process.exitCode = 1;
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
