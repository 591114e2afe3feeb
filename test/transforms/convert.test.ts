// convert's contract, checked with stand-in adapters added by registerFormat: per-input decoders, one encoder, held
// records, the hold limit.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/event.js';
import type { FormatAdapter } from '../../src/formats/adapter.js';
import { registerFormat } from '../../src/formats/registry.js';
import type { Rec } from '../../src/stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { collect } from '../helpers.js';

{
  const fake: FormatAdapter = {
    id: 'fake-in',
    summary: 'stand-in source',
    reference: '-',
    detect: (v) => typeof v === 'object' && v !== null && 'say' in v,
    load: () =>
      Promise.resolve({
        decoder: (opts) => {
          let n = 0;
          return {
            decode: (rec) => {
              n++;
              const text = (rec.value as { say?: string } | undefined)?.say ?? String(rec.value);
              const ev: Event = {
                v: 1,
                kind: 'user_message',
                session: String(opts?.source),
                origin: { format: 'fake-in', source: rec.source, line: rec.line },
                text,
              };
              return [ev];
            },
            end: () => [
              {
                v: 1,
                kind: 'session_end',
                session: String(opts?.source),
                origin: { format: 'fake-in', source: String(opts?.source), line: n },
              },
            ],
          };
        },
      }),
  };
  const out: FormatAdapter = {
    id: 'fake-out',
    summary: 'stand-in target',
    reference: '-',
    detect: () => false,
    load: () =>
      Promise.resolve({
        encoder: () => {
          let count = 0;
          return {
            encode: (ev) => {
              count++;
              return [{ k: ev.kind, s: ev.session, t: 'text' in ev ? ev.text : undefined }];
            },
            end: () => [{ total: count }],
          };
        },
      }),
  };
  const readOnly: FormatAdapter = {
    id: 'read-only',
    summary: '',
    reference: '',
    detect: () => false,
    load: () => Promise.resolve({}),
  };
  for (const f of [fake, out, readOnly]) await registerFormat(f);
}

const { convert } = await import('../../src/transforms/convert.js');

const rec = (source: string, line: number, value: unknown): Rec => ({
  raw: JSON.stringify(value),
  value,
  line,
  source,
});

async function run(input: Rec[], opts: Parameters<typeof convert>[0]) {
  return (await collect<Rec>(Readable.from(input).pipe(convert(opts)))).map((r) => r.value);
}

describe('convert', () => {
  it('decodes each input with its own decoder and encodes all with one encoder', async () => {
    const out = await run(
      [rec('a', 1, 0), rec('a', 2, { say: 'hi' }), rec('a', 3, 1), rec('b', 1, { say: 'yo' })],
      { to: 'fake-out' },
    );
    expect(out).toEqual([
      // the record before the first one an adapter claims is held, then decoded in order
      { k: 'user_message', s: 'a', t: '0' },
      { k: 'user_message', s: 'a', t: 'hi' },
      { k: 'user_message', s: 'a', t: '1' },
      { k: 'session_end', s: 'a', t: undefined },
      { k: 'user_message', s: 'b', t: 'yo' },
      { k: 'session_end', s: 'b', t: undefined },
      { total: 6 },
    ]);
  });

  it('--from skips detection', async () => {
    const out = await run([rec('a', 1, 5)], { to: 'fake-out', from: 'fake-in' });
    expect(out[0]).toEqual({ k: 'user_message', s: 'a', t: '5' });
  });

  it('marks what it writes as changed, in the target format', async () => {
    const out = await collect<Rec>(
      Readable.from([rec('a', 1, { say: 'x' })]).pipe(convert({ to: 'fake-out' })),
    );
    expect(out.every((r) => r.changed === true && r.format === 'fake-out')).toBe(true);
  });

  it('empty input still ends the encoder', async () => {
    expect(await run([], { to: 'fake-out' })).toEqual([{ total: 0 }]);
  });

  it('an input no adapter claims past the hold limit: every line reported unknown-format (issue 24)', async () => {
    const input = Array.from({ length: 10_001 }, (_, i) => rec('z', i + 1, i));
    const stage = convert({ to: 'fake-out' });
    const lines: number[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => r.reason === 'unknown-format' && lines.push(r.line));
    await collect<Rec>(Readable.from(input).pipe(stage));
    expect(lines).toEqual(input.map((r) => r.line));
  });

  it.each([
    [{ to: 'nope' }, /unknown format nope/],
    [{ to: 'read-only' }, /format read-only cannot be written/],
    [{ to: 'fake-out', from: 'read-only' }, /format read-only cannot be read yet/],
    [{ to: 'fake-out', from: 'nope' }, /unknown format nope/],
  ])('rejects %j at construction', (opts, message) => {
    expect(() => convert(opts)).toThrow(message);
  });
});
