// Random Claude Code usage histories and operations on their files, for the usage cache's
// property tests: several session files (a subagent file among them) whose replies share message
// ids across files, and what happens to such files on a real machine.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';

/** Where the files of a history live, relative to its projects folder. */
export const SLOTS = [
  'p1/s1.jsonl',
  'p1/s2.jsonl',
  'p1/s1/subagents/agent-a.jsonl',
  'p2/s3.jsonl',
] as const;

const slot = fc.integer({ min: 0, max: SLOTS.length - 1 });

/** One line of a session: a reply's usage report (ids from a small pool: shared), or another. */
export const line: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: reportLine() },
  { weight: 1, arbitrary: reportLine().map(progressOf) },
  {
    weight: 2,
    arbitrary: fc
      .string({ maxLength: 40 })
      .map((t) => JSON.stringify({ type: 'user', message: { role: 'user', content: t } })),
  },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('{"type":"assistant","usage": broken') },
);

function reportLine(): fc.Arbitrary<string> {
  return fc
    .record({
      id: fc.integer({ min: 0, max: 12 }),
      req: fc.integer({ min: 0, max: 2 }),
      model: fc.constantFrom('claude-sonnet-4-5-20250929', 'claude-opus-4-1-20250805', 'x-model'),
      day: fc.integer({ min: 1, max: 3 }),
      sec: fc.integer({ min: 0, max: 59 }),
      input: fc.nat(5000),
      output: fc.nat(3000),
      write: fc.nat(20000),
      read: fc.nat(90000),
      hasStop: fc.boolean(),
      pad: fc.nat(400),
    })
    .map((r) =>
      JSON.stringify({
        type: 'assistant',
        timestamp: `2025-09-0${r.day}T10:00:${String(r.sec).padStart(2, '0')}.000Z`,
        requestId: `req_${r.req}`,
        sessionId: 'sess-from-line',
        message: {
          id: `msg_${r.id}`,
          model: r.model,
          role: 'assistant',
          stop_reason: r.hasStop ? 'end_turn' : null,
          content: [{ type: 'text', text: 'x'.repeat(r.pad) }],
          usage: {
            input_tokens: r.input,
            output_tokens: r.output,
            cache_creation_input_tokens: r.write,
            cache_read_input_tokens: r.read,
          },
        },
      }),
    );
}

function progressOf(reply: string): string {
  return JSON.stringify({
    type: 'progress',
    sessionId: 'sess-from-line',
    data: { type: 'agent_progress', message: JSON.parse(reply) as unknown },
  });
}

const lines = fc.array(line, { minLength: 1, maxLength: 12 });

/** Something done to the files between two reports. */
export type Op =
  | { op: 'append'; slot: number; lines: string[] }
  | { op: 'partial'; slot: number; line: string; cut: number }
  | { op: 'complete'; slot: number }
  | { op: 'rewrite'; slot: number; lines: string[] }
  | { op: 'truncate'; slot: number; keep: number }
  | { op: 'rename'; slot: number; to: number }
  | { op: 'delete'; slot: number }
  | { op: 'replace'; slot: number; lines: string[] }
  | { op: 'touch'; slot: number; seconds: number };

export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), slot, lines }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('partial' as const),
      slot,
      line,
      // 1: the whole line without its LF (a writer between the two writes).
      cut: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('complete' as const), slot }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rewrite' as const), slot, lines }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('truncate' as const),
      slot,
      keep: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rename' as const), slot, to: slot }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), slot }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replace' as const), slot, lines }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('touch' as const),
      slot,
      // From long ago to the future: a clock set back or forward.
      seconds: fc.integer({ min: 0, max: 2_000_000_000 }),
    }),
  },
);

/** A history: the files' first contents. */
export const history = fc.array(fc.option(lines, { nil: undefined }), {
  minLength: SLOTS.length,
  maxLength: SLOTS.length,
});

/** The files of a history under `root`, and the operations on them (with the lines cut off). */
export class HistoryFiles {
  /** The rest of a line a `partial` cut, by slot (what `complete` appends). */
  readonly #rest = new Map<number, string>();

  constructor(readonly root: string) {}

  path(slot: number): string {
    return join(this.root, SLOTS[slot] as string);
  }

  write(slot: number, lines: readonly string[]): void {
    const p = this.path(slot);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, lines.map((l) => l + '\n').join(''));
    this.#rest.delete(slot);
  }

  apply(o: Op): void {
    const p = this.path(o.slot);
    const exists = existsSync(p);
    switch (o.op) {
      case 'append':
        mkdirSync(dirname(p), { recursive: true });
        appendFileSync(p, o.lines.map((l) => l + '\n').join(''));
        this.#rest.delete(o.slot);
        return;
      case 'partial': {
        const at = Math.floor(o.line.length * o.cut);
        mkdirSync(dirname(p), { recursive: true });
        appendFileSync(p, o.line.slice(0, at));
        this.#rest.set(o.slot, o.line.slice(at) + '\n');
        return;
      }
      case 'complete': {
        const rest = this.#rest.get(o.slot);
        if (rest !== undefined && exists) appendFileSync(p, rest);
        this.#rest.delete(o.slot);
        return;
      }
      case 'rewrite':
        return this.write(o.slot, o.lines);
      case 'truncate':
        if (exists) truncateSync(p, Math.floor(readFileSync(p).length * o.keep));
        this.#rest.delete(o.slot);
        return;
      case 'rename': {
        if (!exists || o.to === o.slot) return;
        const to = this.path(o.to);
        mkdirSync(dirname(to), { recursive: true });
        renameSync(p, to);
        this.#rest.delete(o.slot);
        this.#rest.delete(o.to);
        return;
      }
      case 'delete':
        rmSync(p, { force: true });
        this.#rest.delete(o.slot);
        return;
      case 'replace': {
        // Another inode in its place: written beside it, renamed over it.
        mkdirSync(dirname(p), { recursive: true });
        writeFileSync(p + '.new', o.lines.map((l) => l + '\n').join(''));
        renameSync(p + '.new', p);
        this.#rest.delete(o.slot);
        return;
      }
      case 'touch':
        if (exists) utimesSync(p, o.seconds, o.seconds);
        return;
    }
  }
}
