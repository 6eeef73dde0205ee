import { describe, expect, it } from 'vitest';
import { TrafficLinks } from '../../main/core/approvals/traffic-links.js';
import { TrafficLog } from '../../main/core/traffic/traffic-log.js';

const SAMPLING = { jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } };

describe('approval links into the traffic log', () => {
  it('link to the recorded request, and to nothing while recording is paused (no "#-1")', () => {
    const traffic = new TrafficLog(() => {});
    const links = new TrafficLinks(traffic, { cancelled: () => {}, elicitationComplete: () => {} });
    const recorder = traffic.recorderFor('server', 'connection');

    recorder.message('in', SAMPLING, 80);
    expect(links.takeRequestSeq('connection', 7)).toBe(1);

    traffic.configure({ recording: false });
    recorder.message('in', { ...SAMPLING, id: 8 }, 80);
    expect(links.takeRequestSeq('connection', 8)).toBeUndefined();
  });
});
