import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { RawJsonBytes } from '../../../src/formats/adapter.js';
import { HeldText } from '../../../src/stream/held-text.js';
import { runRecordEncoder } from '../../../src/formats/run-record/encoder.js';

/**
 * A temporary folder that fills up: `writeSync` to the held text's file takes `room` bytes more,
 * then writes what still fits and fails with ENOSPC, as a full disk (or a quota) does. Only the
 * held text's file (the one fd opened with mode 0o600 in a txpipe-run-record- folder) is watched.
 */
const disk = vi.hoisted(() => ({ room: Infinity, fds: new Set<number>(), failures: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (...a: Parameters<typeof fs.openSync>): number => {
    const fd = fs.openSync(...a);
    if (String(a[0]).includes('txpipe-run-record-')) disk.fds.add(fd);
    return fd;
  };
  const writeSync = ((fd: number, buf: Buffer, off: number, len: number, pos: number): number => {
    if (!disk.fds.has(fd))
      return (fs.writeSync as (...x: unknown[]) => number)(fd, buf, off, len, pos);
    if (disk.room <= 0) {
      disk.failures++;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    const n = Math.min(len, disk.room);
    disk.room -= n;
    return fs.writeSync(fd, buf, off, n, pos);
  }) as typeof fs.writeSync;
  const closeSync = (fd: number): void => {
    disk.fds.delete(fd);
    fs.closeSync(fd);
  };
  return {
    ...fs,
    default: { ...fs, openSync, writeSync, closeSync },
    openSync,
    writeSync,
    closeSync,
  };
});

afterEach(() => {
  disk.room = Infinity;
  disk.failures = 0;
});

/** Texts that fill several blocks, multi-byte ones among them, some longer than a block. */
function texts(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 40; i++) {
    const unit = i % 3 === 0 ? '\u00e9\ud83d\ude00\u65e5' : 'abc';
    out.push(JSON.stringify(`${i}:` + unit.repeat(20_000 + i * 977)));
  }
  out.push(JSON.stringify('x'.repeat((1 << 20) + 5)));
  return out;
}

describe('HeldText on a temporary folder that is full', () => {
  for (const room of [0, 1 << 20, (1 << 20) + 12_345, 5 << 20]) {
    it(`keeps in memory what the file could not take (room for ${room} bytes)`, () => {
      disk.room = room;
      const held = new HeldText(0);
      const places = texts().map((text) => ({ ...held.put(text), text }));
      // A second round after the failure: nothing more is tried on the full file.
      const more = texts().map((text) => ({ ...held.put(text), text }));
      expect(disk.failures).toBeLessThanOrEqual(1);
      for (const { at, bytes, text } of [...places, ...more]) {
        expect(held.get(at, bytes)).toBe(text);
        const target = Buffer.alloc(bytes);
        held.copy(at, bytes, target, 0);
        expect(target.toString('utf8')).toBe(text);
      }
      held.close();
    });
  }
});

describe('run-record writer on a temporary folder that is full', () => {
  const ev = (e: Record<string, unknown>): Event =>
    ({
      v: EVENT_VERSION,
      session: 's1',
      origin: { format: 'test', source: 'a.jsonl', line: 1 },
      ...e,
    }) as Event;
  // The writer as imported after the mock above: the test setup (setup-facets.ts) loads every
  // format's reader and writer before this file, with the real node:fs.
  let encoder: typeof runRecordEncoder;
  beforeAll(async () => {
    vi.resetModules();
    ({ runRecordEncoder: encoder } = await import('../../../src/formats/run-record/encoder.js'));
  });
  const run = (heldBytes: number): Buffer => {
    const enc = encoder({ heldBytes });
    enc.encode(ev({ kind: 'user_message', text: 'go', role: 'prompt' }));
    texts().forEach((t, i) => {
      enc.encode(ev({ kind: 'tool_call', callId: `c${i}`, name: 'Write', input: { t } }));
      enc.encode(ev({ kind: 'tool_result', callId: `c${i}`, output: `ok ${i}` }));
    });
    enc.encode(ev({ kind: 'assistant_message', text: 'done' }));
    const [rec] = [...enc.end()];
    return (rec as RawJsonBytes).bytes;
  };

  it('writes the same record as when nothing is held in a file, instead of failing', () => {
    const inMemory = run(Infinity);
    disk.room = 2 << 20;
    const onFullDisk = run(0);
    expect(disk.failures).toBe(1);
    expect(onFullDisk.equals(inMemory)).toBe(true);
  });
});
