import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import type { Transform } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { RawJsonBytes } from '../../../src/formats/adapter.js';
import { HeldText } from '../../../src/stream/held-text.js';
import { runRecordEncoder } from '../../../src/formats/run-record/encoder.js';
import { convert } from '../../../src/transforms/convert.js';

/** Texts of every kind the writer holds: empty, ASCII, multi-byte, lone surrogates' escapes, big. */
const TEXTS = [
  '',
  '{"command":"ls -la"}',
  '"caf\u00e9 \u2026[clipped 12 bytes]"',
  '"\u65e5\u672c\u8a9e \ud83d\ude00"',
  '"\\ud800 lone"',
  'x'.repeat((1 << 20) + 17), // longer than a block
  '"' + '\u00e9'.repeat(600_000) + '"', // longer than a block in bytes, not in characters
  '{"a":[1,2.5,-0,null,true]}',
];

const ours = (): string[] =>
  readdirSync(tmpdir()).filter((n) => n.startsWith('txpipe-run-record-'));

describe('HeldText', () => {
  for (const spillAfter of [Infinity, 0, 1 << 20]) {
    it(`gives back every text, by get and by copy (spill after ${spillAfter} bytes)`, () => {
      const before = ours();
      const held = new HeldText(spillAfter);
      const places: { at: number; bytes: number; text: string }[] = [];
      for (let round = 0; round < 3; round++) {
        for (const text of TEXTS) places.push({ ...held.put(text), text });
      }
      expect(held.spilled).toBe(spillAfter !== Infinity);
      // The file (where there is one) is already unlinked: nothing is left behind in tmpdir.
      expect(ours()).toEqual(before);
      for (const { at, bytes, text } of places) {
        expect(bytes).toBe(Buffer.byteLength(text));
        expect(held.get(at, bytes)).toBe(text);
        const target = Buffer.alloc(bytes + 2, 0x2a);
        held.copy(at, bytes, target, 1);
        expect(target.subarray(1, 1 + bytes).toString('utf8')).toBe(text);
        expect([target[0], target[bytes + 1]]).toEqual([0x2a, 0x2a]);
      }
      held.close();
    });
  }

  it('keeps the text in memory when no temporary file can be made', () => {
    const was = process.env.TMPDIR;
    process.env.TMPDIR = join(tmpdir(), 'txpipe-no-such-dir', 'deeper');
    try {
      const held = new HeldText(0);
      const places = TEXTS.map((text) => ({ ...held.put(text), text }));
      expect(held.spilled).toBe(false);
      for (const { at, bytes, text } of places) expect(held.get(at, bytes)).toBe(text);
      held.close();
    } finally {
      if (was === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = was;
    }
  });
});

function ev(e: Record<string, unknown>): Event {
  return {
    v: EVENT_VERSION,
    session: 's1',
    origin: { format: 'test', source: 'a.jsonl', line: 1 },
    ...e,
  } as Event;
}

describe('run-record writer: held tool calls', () => {
  const events = (): Event[] => {
    const out: Event[] = [
      ev({ kind: 'session_start', time: '2026-01-01T10:00:00.000Z' }),
      ev({ kind: 'user_message', text: 'Do it', role: 'prompt' }),
    ];
    for (let i = 0; i < 300; i++) {
      out.push(
        ev({
          kind: 'tool_call',
          callId: `c${i}`,
          name: i % 2 ? 'Bash' : 'Wr\u00eete',
          input: { command: `echo ${i} \u2026 \ud83d\ude00`, n: i, deep: { list: [i, -0, 1e21] } },
        }),
      );
      if (i % 3 !== 0)
        out.push(ev({ kind: 'tool_result', callId: `c${i}`, output: `out ${i} ${'y'.repeat(i)}` }));
    }
    // A second result for a call replaces the first.
    out.push(ev({ kind: 'tool_result', callId: 'c1', output: 'again' }));
    out.push(ev({ kind: 'assistant_message', text: 'Done' }));
    return out;
  };
  const run = (heldBytes?: number): RawJsonBytes[] => {
    const enc = runRecordEncoder(heldBytes === undefined ? {} : { heldBytes });
    for (const e of events()) enc.encode(e);
    return [...enc.end()] as RawJsonBytes[];
  };

  it('writes each record as JSON.stringify would, whether the calls were held in memory or in a file', () => {
    const [mem] = run();
    const [file] = run(0);
    expect(mem).toBeInstanceOf(RawJsonBytes);
    expect(mem!.bytes!.toString('utf8')).toBe(JSON.stringify(mem!.value));
    expect(file!.bytes!.equals(mem!.bytes!)).toBe(true);
    const tools = (mem!.value as { tool_invocations: Record<string, unknown>[] }).tool_invocations;
    expect(tools).toHaveLength(300);
    expect(tools[1]).toEqual({
      name: 'Bash',
      args: { command: 'echo 1 \u2026 \ud83d\ude00', n: 1, deep: { list: [1, 0, 1e21] } },
      ordinal: 1,
      result: 'again',
    });
    expect(tools[3]).not.toHaveProperty('result');
  });

  it('refuses a heldBytes that is not 0 or more', () => {
    expect(() => runRecordEncoder({ heldBytes: -1 })).toThrow(/heldBytes/);
  });
});

describe('run-record writer: the held text file is let go', () => {
  /** The open files of this process that are a held text file (unlinked or not). */
  const heldFiles = (): string[] =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(join('/proc/self/fd', fd));
        } catch {
          return '';
        }
      })
      .filter((target) => target.includes('txpipe-run-record-'));

  /** A convert stream to run records holding 8 MiB of tool text: past 4 MiB, in its file. */
  const holding = (): Transform => {
    const stage = convert({ to: 'run-record', from: 'claude-code' });
    stage.on('error', () => undefined);
    for (let i = 0; i < 80; i++) {
      const content = [{ type: 'tool_use', id: `t${i}`, name: 'W', input: { x: 'y'.repeat(1e5) } }];
      const value = { type: 'assistant', sessionId: 's', message: { id: `m${i}`, content } };
      stage.write({ raw: JSON.stringify(value), value, line: i + 1, source: 'a.jsonl' });
    }
    return stage;
  };

  it.skipIf(!existsSync('/proc/self/fd'))(
    'when the stream is destroyed before its end (a later stage failed, the reader left)',
    async () => {
      const before = heldFiles();
      const stage = holding();
      await new Promise((resolve) => setImmediate(resolve));
      expect(heldFiles().length).toBe(before.length + 1);
      stage.destroy(new Error('a later stage failed'));
      await new Promise((resolve) => stage.once('close', resolve));
      expect(heldFiles()).toEqual(before);
    },
  );

  it.skipIf(!existsSync('/proc/self/fd'))('when its records are all written', async () => {
    const before = heldFiles();
    const stage = holding();
    const out: unknown[] = [];
    stage.on('data', (r) => out.push(r));
    await new Promise((resolve) => stage.end(resolve));
    expect(out).toHaveLength(1);
    expect(heldFiles()).toEqual(before);
  });
});
