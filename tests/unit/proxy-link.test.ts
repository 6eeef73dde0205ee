import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { compileInterceptFilter, interceptMatcher } from '../../main/core/proxy/intercept-rules.js';
import { eventFrame, eventOfFrame } from '../../main/core/proxy/link-messages.js';
import { FrameError, FrameReader, encodeFrame, type Frame } from '../../main/core/proxy/proxy-frames.js';
import { peerOfEntry } from '../../main/core/proxy/session-identity.js';
import type { WireEvent } from '../../main/core/proxy/wire-events.js';

function framesOf(bytes: Buffer, chunk: number): Frame[] {
  const frames: Frame[] = [];
  const reader = new FrameReader((frame) => frames.push(frame));
  for (let at = 0; at < bytes.length; at += chunk) reader.push(bytes.subarray(at, at + chunk));
  return frames;
}

const entry = (fields: Partial<TrafficEntry>): TrafficEntry => ({ seq: 1, serverId: 's', connectionId: 'c', direction: 'out', time: 0, kind: 'request', size: 0, ...fields });

describe('the proxy link framing', () => {
  it('carries wire events with their bytes exactly, however the stream is cut', () => {
    const line = Buffer.from([0x7b, 0xff, 0x00, 0x0d, 0x22, 0x7d]);
    const events: WireEvent[] = [
      { type: 'line', direction: 'out', time: 1.5, bytes: line },
      { type: 'stderr', time: 2, bytes: Buffer.alloc(0) },
      { type: 'oversized', direction: 'in', stream: 'stdout', time: 3, preview: Buffer.from('LLL'), size: 200_000_000, limit: 128 * 1024 * 1024 },
      { type: 'note', time: 4, text: 'a note' },
    ];
    const bytes = Buffer.concat(events.flatMap((event) => eventFrame(event)));
    for (const chunk of [1, 3, 7, bytes.length]) {
      const back = framesOf(bytes, chunk).map((frame) => eventOfFrame(frame));
      expect(back.map((event) => ({ ...event, ...('bytes' in event! ? { bytes: [...event.bytes] } : {}), ...('preview' in event! ? { preview: [...event.preview] } : {}) }))).toEqual(
        events.map((event) => ({ ...event, ...('bytes' in event ? { bytes: [...event.bytes] } : {}), ...('preview' in event ? { preview: [...event.preview] } : {}) })),
      );
    }
  });

  it('refuses frames over their limits, headers that are not objects, and events missing fields', () => {
    const reader = new FrameReader(() => undefined, { headerBytes: 16, payloadBytes: 4 });
    expect(() => reader.push(Buffer.concat(encodeFrame({ t: 'a long header, longer than sixteen bytes' })))).toThrow(FrameError);
    expect(() => new FrameReader(() => undefined, { headerBytes: 100, payloadBytes: 4 }).push(Buffer.concat(encodeFrame({ t: 'x' }, Buffer.alloc(5))))).toThrow(/payload of 5 bytes/);
    const prefix = Buffer.alloc(8);
    prefix.writeUInt32BE(2, 0);
    expect(() => new FrameReader(() => undefined).push(Buffer.concat([prefix, Buffer.from('[]')]))).toThrow(/not a JSON object/);
    expect(() => eventOfFrame({ header: { t: 'line', d: 'sideways', time: 1 }, payload: Buffer.alloc(0) })).toThrow(/no direction or time/);
    expect(eventOfFrame({ header: { t: 'bye' }, payload: Buffer.alloc(0) })).toBeUndefined();
  });
});

describe('intercept rules', () => {
  it('match method terms, with a trailing * and a direction; no enabled rule means no matcher at all', () => {
    expect(interceptMatcher([{ id: 'r', filter: 'method:tools/call', enabled: false }])).toBeUndefined();
    const match = interceptMatcher([
      { id: 'calls', filter: 'method:tools/call', enabled: true, direction: 'out' },
      { id: 'lists', filter: 'method:*/list', enabled: true },
      { id: 'resources', filter: 'method:resources/*', enabled: true },
    ])!;
    expect(match(entry({ method: 'tools/call' }))?.id).toBe('calls');
    expect(match(entry({ method: 'tools/call', direction: 'in', kind: 'response' }))).toBeUndefined();
    expect(match(entry({ method: 'resources/read' }))?.id).toBe('resources');
    expect(match(entry({ method: 'prompts/get' }))).toBeUndefined();
    expect(match(entry({}))).toBeUndefined();
  });

  it('say what they cannot read yet', () => {
    expect(compileInterceptFilter('')).toEqual({ problem: 'is empty: it would pause every message.' });
    expect(compileInterceptFilter('method:tools/call name:delete_*')).toEqual({ problem: 'has "name:delete_*", which intercept does not understand yet (it takes method:NAME terms).' });
  });
});

describe("a proxied session's client and server, from its traffic", () => {
  it('reads initialize (2025) and the per-request _meta and server/discover (2026-07-28)', () => {
    expect(peerOfEntry(entry({ method: 'initialize', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'Claude', version: '1' } } } }))).toEqual({
      side: 'client',
      peer: { info: { name: 'Claude', version: '1' }, capabilities: { roots: {} }, protocolVersion: '2025-06-18', era: 'legacy' },
    });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'agent', version: '2' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    expect(peerOfEntry(entry({ method: 'tools/list', message: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } } }))).toEqual({
      side: 'client',
      peer: { info: { name: 'agent', version: '2' }, capabilities: {}, protocolVersion: '2026-07-28', era: 'modern' },
    });
    expect(
      peerOfEntry(entry({ direction: 'in', kind: 'response', method: 'server/discover', message: { jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2025-11-25', '2026-07-28'], capabilities: { tools: {} }, serverInfo: { name: 'srv', version: '3' } } } })),
    ).toEqual({ side: 'server', peer: { info: { name: 'srv', version: '3' }, capabilities: { tools: {} }, protocolVersion: '2026-07-28', era: 'modern' } });
    expect(peerOfEntry(entry({ method: 'tools/call', message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} } }))).toBeUndefined();
  });
});
