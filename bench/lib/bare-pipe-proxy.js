/**
 * The least a stdio proxy can be: a Node process that pipes the client's stdin to the server and the
 * server's output back, recording nothing. `loupe proxy` is measured against it to tell the cost of
 * the extra process hop from the cost of recording.
 *   node bare-pipe-proxy.js COMMAND [ARGS…]
 */
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr);
child.on('close', (code) => process.exit(code ?? 1));
