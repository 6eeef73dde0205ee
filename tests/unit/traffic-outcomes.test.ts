/** The one traffic model (shared/traffic-outcomes.ts) and how the core's log stamps and announces it. */
import { describe, expect, test } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { CALL_TIMED_OUT_PREFIX, recordedOutcomes, RequestOutcomes, type OutcomeUpdate } from '../../shared/traffic-outcomes.js';
import { recordLine } from '../../shared/traffic-line.js';
import { TrafficLog } from '../../main/core/traffic/traffic-log.js';
import { EntryFactory } from './traffic-test-entries.js';

/** Runs entries through one connection's model as the core does; returns what each ended. */
function run(entries: TrafficEntry[]): Array<{ seq: number; outcome: string; reason?: string } | undefined> {
  const model = new RequestOutcomes();
  return entries.map((entry) => {
    const ended = model.link(entry);
    model.remember(entry);
    return ended;
  });
}

describe('request outcomes: the rules', () => {
  test('an answer is ok, error, tool-error or input (a 2026-07-28 input_required round)', () => {
    const make = new EntryFactory();
    const [a, b, c, d] = [make.request(1, 'ping'), make.request(2, 'prompts/get'), make.request(3, 'tools/call'), make.request(4, 'tools/call')];
    const toolError = { ...make.response(c!, { isError: true, content: [] }), toolError: true };
    const input = make.response(d!, { resultType: 'input_required', inputRequests: {} });
    const ended = run([a!, b!, c!, d!, make.response(a!), make.error(b!, -32603), toolError, input]);
    expect(ended.slice(4).map((end) => end?.outcome)).toEqual(['ok', 'error', 'tool-error', 'input']);
    expect(input.ends).toBe('input');
  });

  test('Loupe\'s own cancel for its clock is a timeout, by the exact reason its client gives; any other cancel is a cancel', () => {
    const make = new EntryFactory();
    const requests = [1, 2, 3, 4].map((id) => make.request(id, 'tools/call'));
    const serverAsks = make.request(9, 'sampling/createMessage', {}, 'in');
    const cancels = [
      make.cancel(requests[0]!, 'SdkError: Request timed out'),
      make.cancel(requests[1]!, `${CALL_TIMED_OUT_PREFIX}The call timed out after 60 s while waiting for this input.`),
      make.cancel(requests[2]!, 'InputAbandoned: Cancelled by the user.'),
      make.cancel(requests[3]!, 'the request timed out, honestly'),
      // The server's cancel of its own request: whatever it says, a cancel.
      make.cancel(serverAsks, 'Request timed out'),
    ];
    const ended = run([...requests, serverAsks, ...cancels]).slice(5);
    expect(ended.map((end) => end?.outcome)).toEqual(['timeout', 'timeout', 'cancelled', 'cancelled', 'cancelled']);
    expect(ended[2]).toMatchObject({ seq: requests[2]!.seq, reason: 'InputAbandoned: Cancelled by the user.' });
    expect(cancels.map((cancel) => cancel.requestSeq)).toEqual([...requests, serverAsks].map((request) => request.seq));
  });

  test('the first ending counts; a late answer is still paired; an ended connection is no answer', () => {
    const make = new EntryFactory();
    const cancelled = make.request(1, 'tools/call');
    const stranded = make.request(2, 'tools/call');
    const model = new RequestOutcomes();
    for (const request of [cancelled, stranded]) {
      model.link(request);
      model.remember(request);
    }
    model.link(make.cancel(cancelled));
    const late = make.response(cancelled);
    delete late.requestSeq;
    expect(model.link(late)).toBeUndefined();
    expect(late.requestSeq).toBe(cancelled.seq);
    expect(late.ends).toBeUndefined();
    expect(model.endAll()).toEqual([stranded.seq]);
    expect(model.link(make.response(stranded))).toMatchObject({ seq: stranded.seq, outcome: 'ok' });
  });

  test('a saved record: Loupe\'s note ends its request as failed, and what was still open is unanswered', () => {
    const make = new EntryFactory();
    const refused = make.request(5, 'tools/call');
    const note: TrafficEntry = { ...make.notification('x'), kind: 'note', direction: 'out', id: 5, requestSeq: refused.seq, ends: 'failed', text: 'No answer to #1 will come: sending it failed (Unauthorized).' };
    delete note.method;
    delete note.message;
    const open = make.request(6, 'tools/call');
    const answered = make.on('server-b', 'conn-2').request(5, 'ping');
    const updates = recordedOutcomes([refused, note, open, answered, make.response(answered)]);
    expect(updates).toEqual<OutcomeUpdate[]>([
      { seq: refused.seq, outcome: 'failed', endSeq: note.seq, reason: note.text! },
      { seq: answered.seq, outcome: 'ok', endSeq: answered.seq + 1 },
      { seq: open.seq, outcome: 'unanswered', reason: 'The connection ended before an answer came.' },
    ]);
  });
});

describe('the core\'s traffic log stamps outcomes and tells the window after the entries', () => {
  function recordingLog() {
    const heard: Array<{ entries?: number[]; outcomes?: OutcomeUpdate[] }> = [];
    const log = new TrafficLog(
      (batch) => heard.push({ entries: batch.map((entry) => entry.seq) }),
      undefined,
      undefined,
      (outcomes) => heard.push({ outcomes }),
    );
    return { log, heard, recorder: log.recorderFor('server-a', 'conn-1') };
  }

  test('a response stamps its request, and the update follows the batch that holds both', () => {
    const { log, heard, recorder } = recordingLog();
    recorder.message('out', { jsonrpc: '2.0', id: 1, method: 'ping' }, 40);
    recorder.message('in', { jsonrpc: '2.0', id: 1, result: {} }, 30);
    log.flush();
    const request = log.get(1)!;
    expect(request).toMatchObject({ outcome: 'ok', ending: { seq: 2 } });
    expect(log.get(2)).toMatchObject({ requestSeq: 1, ends: 'ok' });
    expect(heard).toEqual([{ entries: [1, 2] }, { outcomes: [{ seq: 1, outcome: 'ok', endSeq: 2 }] }]);
    // The line on disk says how the request ended by its response, not by a stamp.
    expect(JSON.parse(recordLine(request))).not.toHaveProperty('outcome');
  });

  test('no answer coming: a note ends a pending request once; the end of the connection ends the rest', () => {
    const { log, heard, recorder } = recordingLog();
    recorder.message('out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } }, 60);
    recorder.message('out', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'b' } }, 60);
    recorder.noAnswer(1, 'failed', 'sending it failed (Unauthorized).');
    recorder.noAnswer(1, 'failed', 'sending it failed again.');
    recorder.endOpenRequests();
    log.flush();
    expect(log.get(3)).toMatchObject({ kind: 'note', id: 1, requestSeq: 1, ends: 'failed', text: 'No answer to #1 will come: sending it failed (Unauthorized).' });
    expect(log.get(4)).toBeUndefined();
    expect(log.get(1)?.outcome).toBe('failed');
    expect(log.get(2)).toMatchObject({ outcome: 'unanswered', ending: { reason: 'The connection ended before an answer came.' } });
    expect(heard.at(-1)).toEqual({
      outcomes: [
        { seq: 1, outcome: 'failed', endSeq: 3, reason: 'No answer to #1 will come: sending it failed (Unauthorized).' },
        { seq: 2, outcome: 'unanswered', reason: 'The connection ended before an answer came.' },
      ],
    });
  });
});
