import type { Transform } from 'node:stream';
import { parseLine } from '../stream/parse.js';
import type { Rec } from '../stream/rec.js';
import type { Rejection } from '../stream/rejection.js';
import { StageDriver } from '../stream/stage-driver.js';

/** A record the pipeline gave, with the id that makes its publication idempotent. */
export interface Output {
  /** The input message (its stream sequence) the record came from. */
  readonly seq: number;
  /** `Nats-Msg-Id`: the input's stream and sequence, the line in it, and the record's place. */
  readonly id: string;
  readonly rec: Rec;
}

/** A line that could not be processed: it goes to the dead-letter subject, never dropped. */
export interface DeadLine {
  readonly seq: number;
  readonly line: number;
  readonly reason: string;
  readonly message: string;
  /** The line's text, cleaned as the pipeline cleans rejected lines (redaction). */
  readonly raw: string;
}

/** What taking one message, or a checkpoint, gave. `done` lists inputs now fully settled. */
export interface Settled {
  readonly outputs: Output[];
  readonly dead: DeadLine[];
  /** Input sequences whose every line came out, was dead-lettered, or was flushed. */
  readonly done: number[];
}

/** An input message still in the pipeline: the lines of it not yet seen coming out. */
interface InFlight {
  /** The records of it inside the stages, by their `line` (numbered across all messages). */
  readonly waiting: Set<number>;
  /** How many outputs each record gave so far, for their ids. */
  readonly given: Map<number, number>;
  /** The first record's number: a record's line in the message is its number less this, plus 1. */
  readonly first: number;
  /** How many lines the message has. */
  readonly count: number;
}

/**
 * The work of a worker on the records of its messages, without any broker: each message's payload
 * (one JSON Lines record, or several) is parsed once and driven through one long-lived set of
 * stages, so stateful stages keep their state from message to message as in a pipeline. A record's
 * `source` is its message's subject (a session's records are one input to the stages, as a file
 * is), and its `line` numbers it among all records taken, which tells where each output came
 * from (stages keep `line`), so the
 * worker acknowledges a message only when every one of its lines has come out (a stage that holds
 * records, as dedup-usage does, gives them later) or was dead-lettered. `checkpoint()` ends the
 * stages (they give what they hold) and starts new ones: the worker calls it when held messages
 * pile up, when input is idle, and when it stops.
 */
export class RecordWork {
  private driver: StageDriver;
  private readonly inFlight = new Map<number, InFlight>();
  /** The message (stream sequence) of each record number still in flight. */
  private readonly origin = new Map<number, number>();
  private taken = 0;

  constructor(
    private readonly stream: string,
    private readonly makeStages: () => Transform[],
    private readonly clean: (raw: string) => string,
  ) {
    this.driver = new StageDriver(makeStages());
  }

  /** Messages taken and not settled: lines inside a stage, or output a stage may still give. */
  get held(): number {
    return this.inFlight.size;
  }

  /** Messages some of whose lines a stage holds (dedup-usage's open reply): a flush gives them. */
  get holding(): number {
    let n = 0;
    for (const flight of this.inFlight.values()) if (flight.waiting.size > 0) n++;
    return n;
  }

  /** Takes one message's payload (a message taken already and not settled is not taken again). */
  async take(seq: number, subject: string, payload: string): Promise<Settled> {
    // Redelivered while a stage still holds its records (its ack wait ran out): it is in the
    // stages already; it settles when they come out.
    if (this.inFlight.has(seq)) return { outputs: [], dead: [], done: [] };
    const outputs: Output[] = [];
    const dead: DeadLine[] = [];
    const texts = payload.split('\n');
    if (texts.at(-1) === '') texts.pop();
    const flight: InFlight = {
      waiting: new Set(),
      given: new Map(),
      first: this.taken + 1,
      count: texts.length,
    };
    this.inFlight.set(seq, flight);
    for (let i = 0; i < texts.length; i++) {
      const text = (texts[i] as string).replace(/\r$/, '');
      const n = ++this.taken;
      const rec = parseLine({ text, line: n, source: subject });
      if (rec === undefined) continue; // a blank line
      if (rec.invalid !== undefined) {
        dead.push(this.deadLine(seq, i + 1, 'malformed', 'line is not JSON', text));
        continue;
      }
      flight.waiting.add(n);
      this.origin.set(n, seq);
      try {
        const { out, rejected } = await this.driver.process(rec);
        this.settle(seq, out, rejected, outputs, dead);
      } catch (err) {
        flight.waiting.delete(n);
        dead.push(this.deadLine(seq, i + 1, 'error', (err as Error).message, text));
      }
    }
    return { outputs, dead, done: this.finished() };
  }

  /** Ends the stages, taking what they held, and starts new ones. Every message is then done. */
  async checkpoint(): Promise<Settled> {
    const outputs: Output[] = [];
    const dead: DeadLine[] = [];
    const driver = this.driver;
    this.driver = new StageDriver(this.makeStages());
    const { out, rejected } = await driver.end();
    this.settle(undefined, out, rejected, outputs, dead);
    const done = [...this.inFlight.keys()];
    this.inFlight.clear();
    this.origin.clear();
    return { outputs, dead, done };
  }

  /** Attributes outputs and rejections to their messages by the records' source and line. */
  private settle(
    current: number | undefined,
    out: readonly Rec[],
    rejected: readonly Rejection[],
    outputs: Output[],
    dead: DeadLine[],
  ): void {
    for (const rec of out) {
      const seq = this.origin.get(rec.line) ?? current;
      const flight = seq === undefined ? undefined : this.inFlight.get(seq);
      if (seq === undefined || flight === undefined) {
        // A record no message can claim (made at a checkpoint): numbered by its place.
        outputs.push({ seq: -1, id: `${this.stream}:flush:${rec.line}:${outputs.length}`, rec });
        continue;
      }
      flight.waiting.delete(rec.line);
      const n = flight.given.get(rec.line) ?? 0;
      flight.given.set(rec.line, n + 1);
      const line = rec.line - flight.first + 1;
      outputs.push({ seq, id: `${this.stream}:${seq}:${line}:${n}`, rec });
    }
    for (const r of rejected) {
      const seq = this.origin.get(r.line) ?? current;
      const flight = seq === undefined ? undefined : this.inFlight.get(seq);
      if (seq === undefined || flight === undefined) {
        dead.push(this.deadLine(-1, r.line, r.reason, r.message, r.raw ?? ''));
        continue;
      }
      flight.waiting.delete(r.line);
      dead.push(this.deadLine(seq, r.line - flight.first + 1, r.reason, r.message, r.raw ?? ''));
    }
  }

  /**
   * The messages with no line left inside the stages, and none a stage may still give output for
   * later (its `heldFrom`: a session's end written when the next input starts); forgotten here.
   */
  private finished(): number[] {
    const done: number[] = [];
    const heldFrom = this.driver.heldFrom() ?? Infinity;
    for (const [seq, flight] of this.inFlight) {
      if (flight.waiting.size === 0 && flight.first + flight.count <= heldFrom) {
        done.push(seq);
        this.inFlight.delete(seq);
        for (let n = flight.first; n < flight.first + flight.count; n++) this.origin.delete(n);
      }
    }
    return done;
  }

  private deadLine(seq: number, line: number, reason: string, message: string, raw: string) {
    return { seq, line, reason, message, raw: this.clean(raw) };
  }
}
