import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/stream/rec.js';
import { cat } from '../../src/transforms/cat.js';
import { catCommand } from '../../src/transforms/commands/cat.js';
import { detect } from '../../src/transforms/detect.js';
import { getCommand } from '../../src/transforms/registry.js';
import { bytesOf, collect } from '../helpers.js';

const rec = (source: string, line: number, value: unknown): Rec => ({
  raw: JSON.stringify(value) ?? '',
  value,
  line,
  source,
});
const rupu = { type: 'run_start', data: {} };
const cc = { type: 'user', sessionId: 's', timestamp: 't', message: {} };

describe('detect (library)', () => {
  it('names each source by the format most of its records have', async () => {
    const input = [
      rec('a', 1, rupu),
      rec('a', 2, cc),
      rec('a', 3, rupu),
      rec('b', 1, cc),
      rec('c', 1, 5),
    ];
    const out = (await bytesOf(Readable.from(input).pipe(detect()))).toString();
    expect(out).toBe('a\trupu\nb\tclaude-code\nc\tunknown\n');
  });

  it('looks only at the first `sample` records', async () => {
    const input = [rec('a', 1, cc), rec('a', 2, rupu), rec('a', 3, rupu)];
    expect((await bytesOf(Readable.from(input).pipe(detect({ sample: 1 })))).toString()).toBe(
      'a\tclaude-code\n',
    );
  });

  it('lists inputs that gave no record as unknown, in their place', async () => {
    const input = [rec('b', 1, rupu), rec('d', 1, cc)];
    const stage = detect({ inputs: ['a', 'b', 'c', 'd', 'e'] });
    expect((await bytesOf(Readable.from(input).pipe(stage))).toString()).toBe(
      'a\tunknown\nb\trupu\nc\tunknown\nd\tclaude-code\ne\tunknown\n',
    );
  });

  it('--lines: one verdict per record', async () => {
    const input = [
      rec('a', 1, rupu),
      { raw: 'x', line: 2, source: 'a', invalid: 'malformed' } as Rec,
    ];
    expect((await bytesOf(Readable.from(input).pipe(detect({ lines: true })))).toString()).toBe(
      'a:1\trupu\na:2\tinvalid\n',
    );
  });

  it.each([0, -3, 1.5])('rejects sample %s', (sample) => {
    expect(() => detect({ sample })).toThrow(/sample must be a positive integer/);
  });
});

describe('cat (library)', () => {
  it('passes every record on as the same object', async () => {
    const input = [rec('a', 1, rupu), rec('a', 2, 7)];
    const out = await collect<Rec>(Readable.from(input).pipe(cat()));
    expect(out[0]).toBe(input[0]);
    expect(out[1]).toBe(input[1]);
  });

  it('is in the registry', async () => {
    expect(getCommand('cat')).toBe(catCommand);
    expect(getCommand('nope')).toBeUndefined();
    const run = await catCommand.load();
    expect(run.stages({}, { inputs: [], stdoutIsTTY: false, stderr: process.stderr })).toHaveLength(
      1,
    );
  });
});
