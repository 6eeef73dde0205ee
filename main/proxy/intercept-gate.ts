/**
 * Intercept on a stdio proxy's byte path. While the app has a rule on, each direction passes
 * through a line gate: a whole line that a rule matches is held back (later lines go on) until the
 * person forwards, edits, answers or drops it in the app, or its timeout forwards it; the record
 * gets a note saying what happened. With no rule on there is no gate at all: the relay writes each
 * chunk as it comes, and intercept costs nothing.
 */
import type { InterceptDecision, InterceptRule } from '../../shared/proxy.js';
import { DEFAULT_INTERCEPT_TIMEOUT_MS, MAX_INTERCEPT_MESSAGE_BYTES } from '../../shared/proxy.js';
import type { Direction, TrafficEntry } from '../../shared/traffic.js';
import { classifyMessage } from '../core/traffic/classify-message.js';
import { interceptMatcher } from '../core/proxy/intercept-rules.js';
import type { LineGate, Relay } from './relay.js';
import type { RecorderTap } from './recorder-tap.js';

const NEWLINE = 0x0a;
/** How much of a message a note quotes. */
const NOTE_QUOTE_CHARS = 64 * 1024;
/** Client request ids remembered so a response can be matched by its request's method. */
const MAX_OPEN_REQUESTS = 10_000;

interface PausedLine {
  id: string;
  direction: Direction;
  /** The line as it came, newline included. */
  line: Buffer;
  rule: InterceptRule;
  timer: NodeJS.Timeout;
}

function quoteOf(text: string): string {
  return text.length > NOTE_QUOTE_CHARS ? `${text.slice(0, NOTE_QUOTE_CHARS)}… (${text.length.toLocaleString('en')} characters in all)` : text;
}

/** The line's text without its line ending, and the ending itself. */
function splitEnding(line: Buffer): { text: Buffer; ending: string } {
  const crlf = line.length >= 2 && line[line.length - 2] === 0x0d;
  return { text: line.subarray(0, line.length - (crlf ? 2 : 1)), ending: crlf ? '\r\n' : '\n' };
}

/** A line as the traffic entry the rules are matched against (no seq: it is not recorded yet). */
function entryOf(direction: Direction, text: Buffer, methodOfResponse: (id: unknown) => string | undefined): TrafficEntry | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text.toString('utf8'));
  } catch {
    return undefined;
  }
  const cls = classifyMessage(message);
  if (cls.kind === 'batch' || cls.kind === 'malformed') return undefined;
  const method = cls.method ?? (cls.id !== undefined ? methodOfResponse(cls.id) : undefined);
  return {
    seq: -1,
    serverId: '',
    connectionId: '',
    direction,
    time: Date.now(),
    kind: cls.kind,
    size: text.length,
    message,
    ...(method !== undefined ? { method } : {}),
    ...(cls.id !== undefined ? { id: cls.id } : {}),
    ...(cls.errorCode !== undefined ? { errorCode: cls.errorCode } : {}),
  };
}

/** One direction's gate: whole lines are matched; a partial line waits for its newline. */
class InterceptGate implements LineGate {
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Passing a line through unexamined up to its newline (it started before the gate, or is too long to pause). */
  private passing: boolean;
  private onDrained: (() => void) | undefined;

  constructor(
    private readonly relay: Relay,
    private readonly owner: InterceptSwitch,
    readonly direction: Direction,
  ) {
    this.passing = !relay.lineStart;
  }

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (this.passing) {
        const end = newline < 0 ? chunk.length : newline + 1;
        this.relay.write(chunk.subarray(start, end));
        if (newline >= 0) this.passing = false;
        start = end;
        continue;
      }
      if (newline < 0) {
        this.hold(chunk.subarray(start));
        return;
      }
      const tail = chunk.subarray(start, newline + 1);
      const line = this.partial.length > 0 ? Buffer.concat([...this.partial, tail]) : tail;
      this.partial = [];
      this.partialBytes = 0;
      this.owner.consider(this, line);
      start = newline + 1;
    }
  }

  end(then: () => void): void {
    this.flushPartial();
    this.onDrained = then;
    this.drained();
  }

  /** Passes on what is held that is not a whole line (the gate is being taken out). */
  flushPartial(): void {
    if (this.partialBytes > 0) this.relay.write(Buffer.concat(this.partial));
    this.partial = [];
    this.partialBytes = 0;
  }

  /** Called when a paused line of this direction is let go. */
  drained(): void {
    if (this.onDrained && !this.owner.holds(this.direction)) {
      const then = this.onDrained;
      this.onDrained = undefined;
      then();
    }
  }

  write(line: Buffer): void {
    this.relay.write(line);
  }

  private hold(part: Buffer): void {
    this.partial.push(part);
    this.partialBytes += part.length;
    if (this.partialBytes > MAX_INTERCEPT_MESSAGE_BYTES) {
      this.flushPartial();
      this.passing = true;
    }
  }
}

export interface InterceptRelays {
  toServer: Relay;
  toClient: Relay;
  tap: RecorderTap;
}

/** Turns the gates on and off with the app's rules, and carries out the person's decisions. */
export class InterceptSwitch {
  private relays: InterceptRelays | undefined;
  private matcher: ReturnType<typeof interceptMatcher>;
  private gates: Record<Direction, InterceptGate> | undefined;
  private readonly paused = new Map<string, PausedLine>();
  private nextId = 1;
  /** Methods of the client's requests, by id, so a server's response matches `method:` rules too. */
  private readonly openRequests = new Map<string, string>();

  attach(relays: InterceptRelays): void {
    this.relays = relays;
    this.applyMatcher();
  }

  setRules(rules: InterceptRule[]): void {
    this.matcher = interceptMatcher(rules);
    this.applyMatcher();
  }

  holds(direction: Direction): boolean {
    for (const paused of this.paused.values()) if (paused.direction === direction) return true;
    return false;
  }

  /** A whole line reached a gate: pause it if a rule matches, else pass it on. */
  consider(gate: InterceptGate, line: Buffer): void {
    const relays = this.relays;
    const matcher = this.matcher;
    if (!relays || !matcher || line.length > MAX_INTERCEPT_MESSAGE_BYTES) return gate.write(line);
    const { text } = splitEnding(line);
    const entry = entryOf(gate.direction, text, (id) => this.openRequests.get(JSON.stringify(id)));
    if (entry?.kind === 'request' && entry.direction === 'out' && entry.method !== undefined) this.rememberRequest(entry.id, entry.method);
    const rule = entry ? matcher(entry) : undefined;
    if (!rule) return gate.write(line);
    const id = String(this.nextId++);
    const timeoutMs = rule.timeoutMs ?? DEFAULT_INTERCEPT_TIMEOUT_MS;
    const timer = setTimeout(() => this.let(id, 'timed-out'), timeoutMs);
    this.paused.set(id, { id, direction: gate.direction, line, rule, timer });
    relays.tap.control({ t: 'paused', id, direction: gate.direction, ruleId: rule.id, deadline: Date.now() + timeoutMs, ...(entry?.method !== undefined ? { method: entry.method } : {}) }, text);
  }

  decide(id: string, decision: InterceptDecision): void {
    const paused = this.take(id);
    const relays = this.relays;
    if (!paused || !relays) return;
    const { text, ending } = splitEnding(paused.line);
    const original = text.toString('utf8');
    const gate = this.gates?.[paused.direction];
    const relay = paused.direction === 'out' ? relays.toServer : relays.toClient;
    const said = (what: string) => relays.tap.note(`Intercept (rule "${paused.rule.filter}") paused a message from the ${paused.direction === 'out' ? 'client' : 'server'}: ${what}`);
    switch (decision.action) {
      case 'forward':
        said('you forwarded it as it was.');
        relay.write(paused.line);
        break;
      case 'edit':
        said(`you edited it, and the next entry is what went on. It was: ${quoteOf(original)}`);
        relay.write(Buffer.from(`${decision.text}${ending}`, 'utf8'));
        break;
      case 'answer':
        said('you answered it yourself; the server never saw it. The next entries are the message and your answer.');
        relays.tap.line('out', text);
        relays.toClient.inject(Buffer.from(`${decision.text}\n`, 'utf8'));
        break;
      case 'drop':
        said(`you dropped it; it never arrived. It was: ${quoteOf(original)}`);
        break;
    }
    gate?.drained();
  }

  /** Lets every paused message go on as it is (the app went away, or the server exited). */
  releaseAll(reason: string): void {
    for (const id of [...this.paused.keys()]) this.let(id, 'released', reason);
  }

  /** A paused message goes on as it is, without a decision. */
  private let(id: string, status: 'timed-out' | 'released', reason?: string): void {
    const paused = this.take(id);
    const relays = this.relays;
    if (!paused || !relays) return;
    const why = status === 'timed-out' ? `no decision came within ${Math.round((paused.rule.timeoutMs ?? DEFAULT_INTERCEPT_TIMEOUT_MS) / 1000)} s` : (reason ?? 'it was released');
    relays.tap.note(`Intercept (rule "${paused.rule.filter}") paused a message from the ${paused.direction === 'out' ? 'client' : 'server'}; it went on as it was because ${why}.`);
    relays.tap.control({ t: 'released', id, status });
    (paused.direction === 'out' ? relays.toServer : relays.toClient).write(paused.line);
    this.gates?.[paused.direction].drained();
  }

  private take(id: string): PausedLine | undefined {
    const paused = this.paused.get(id);
    if (!paused) return undefined;
    clearTimeout(paused.timer);
    this.paused.delete(id);
    if (!this.matcher && this.paused.size === 0) queueMicrotask(() => this.applyMatcher());
    return paused;
  }

  private rememberRequest(id: unknown, method: string): void {
    this.openRequests.set(JSON.stringify(id), method);
    if (this.openRequests.size > MAX_OPEN_REQUESTS) this.openRequests.delete(this.openRequests.keys().next().value!);
  }

  private applyMatcher(): void {
    const relays = this.relays;
    if (!relays) return;
    if (this.matcher && !this.gates) {
      this.gates = { out: new InterceptGate(relays.toServer, this, 'out'), in: new InterceptGate(relays.toClient, this, 'in') };
      relays.toServer.setGate(this.gates.out);
      relays.toClient.setGate(this.gates.in);
      relays.tap.control({ t: 'intercepting', on: true });
    } else if (!this.matcher && this.gates && this.paused.size === 0) {
      // While messages are paused (the person may still decide) the gates stay, passing every line.
      relays.toServer.setGate(undefined);
      relays.toClient.setGate(undefined);
      this.gates.out.flushPartial();
      this.gates.in.flushPartial();
      this.gates = undefined;
      relays.tap.control({ t: 'intercepting', on: false });
    }
  }
}
