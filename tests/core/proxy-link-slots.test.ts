import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readEndpoint } from '../../main/core/proxy/endpoint-file.js';
import { AppLink } from '../../main/proxy/app-link.js';
import { newDataDir } from '../cli/proxy-helpers.js';
import { eventsNamed, startCore, waitFor } from './helpers.js';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

/** A socket to the link that never says hello; resolves once it is open. */
function idleSocket(address: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe("the app's proxy link", () => {
  it('links a real proxy while more idle sockets than it has slots are open', async () => {
    const test = await startCore({ dataDir: newDataDir(), acceptProxies: true });
    closers.push(() => test.core.dispose());
    const endpoint = await readEndpoint(test.dataDir);
    if ('missing' in endpoint) throw new Error(endpoint.missing);

    const idle = await Promise.all(Array.from({ length: 80 }, () => idleSocket(endpoint.address)));
    closers.push(async () => idle.forEach((socket) => socket.destroy()));

    const link = await AppLink.connect(test.dataDir, { name: 'past-the-flood', transport: 'stdio', target: 'node server.js', pid: process.pid, startedAt: Date.now() }, { onRules: () => undefined, onDecide: () => undefined, onLost: () => undefined });
    expect(link).toBeInstanceOf(AppLink);
    closers.push(async () => (link as AppLink).close());
    await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((session) => session.name === 'past-the-flood'), 'the linked session in the app');
  });
});
