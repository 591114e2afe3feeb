// A file's usage packed to cross from the worker thread to the main thread (`usage` with a
// worker): unpacked, the same parts field for field, or not packed at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEntry } from '../../src/usage/extractor.js';
import type { FileUsage } from '../../src/usage/file-usage.js';
import { packUsage, unpackUsage } from '../../src/usage/packed-usage.js';

const tokens = (n: number) => ({
  input: n,
  output: n + 1,
  cacheWrite: n + 2.5,
  cacheRead: 2 ** 53 - n,
  cacheWrite1h: 0,
});

function part(entries: UsageEntry[], extra: Partial<FileUsage> = {}): FileUsage {
  return { kind: 'file-usage', source: 's/a.jsonl', entries, rejections: [], bytes: 10, ...extra };
}

const a: UsageEntry = {
  key: 'msg_1:req_1',
  session: 'a',
  model: 'claude-x',
  time: '2025-01-01T00:00:00Z',
  tokens: tokens(1),
};

describe('packUsage and unpackUsage', () => {
  const rows: [string, FileUsage[]][] = [
    ['no parts', []],
    ['a part without entries', [part([])]],
    ['one entry', [part([a])]],
    ['an entry without key or time', [part([{ ...a, key: undefined, time: undefined }])]],
    ['a copy', [part([{ ...a, copy: true }])]],
    [
      'repeated and unusual strings',
      [part([a, a, { ...a, session: '', model: 'é\n"\u{1F600}', key: 'msg_1:req_1 ' }])],
    ],
    [
      'several parts, rejections and continues',
      [
        part([a, { ...a, tokens: tokens(7) }], {
          rejections: [{ source: 's', line: 3, reason: 'malformed', message: 'm', raw: '{' }],
        }),
        part([{ ...a, time: 'later' }], { continues: true, bytes: 99 }),
        part([], { continues: true, bytes: 0 }),
      ],
    ],
  ];
  it.each(rows)('gives back %s exactly', (_, parts) => {
    const packed = packUsage(parts);
    expect(packed).toBeDefined();
    expect(unpackUsage(structuredClone(packed!))).toStrictEqual(parts);
  });

  // Entries the packing cannot keep go as they are.
  const refused: [string, unknown][] = [
    ['an unknown field', { ...a, extra: 1 }],
    ['copy false', { ...a, copy: false }],
    ['a count that is not a number', { ...a, tokens: { ...a.tokens, input: '1' } }],
    ['a missing count', { ...a, tokens: { input: 1, output: 1, cacheWrite: 1, cacheRead: 1 } }],
    ['a model that is not a string', { ...a, model: 3 }],
  ];
  it.each(refused)('does not pack an entry with %s', (_, e) => {
    expect(packUsage([part([a, e as UsageEntry])])).toBeUndefined();
  });
});

describe('packUsage and unpackUsage, any entries', () => {
  // Any string (lone surrogates, NUL, newlines), any number (past 2^53, negative, fractional,
  // -0, NaN, infinities): what the worker reads must reach the main thread bit for bit.
  const text = fc.string({ unit: 'binary', maxLength: 12 });
  const count = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(2 ** 31, 2 ** 53 + 2, -0, Number.MAX_VALUE, Number.MIN_VALUE),
  );
  const entry = fc.record(
    {
      key: text,
      session: text,
      model: text,
      time: text,
      tokens: fc.record({
        input: count,
        output: count,
        cacheWrite: count,
        cacheRead: count,
        cacheWrite1h: count,
      }),
      copy: fc.constant(true as const),
    },
    { requiredKeys: ['session', 'model', 'tokens'] },
  );
  const parts = fc.array(
    fc.record({
      entries: fc.array(entry, { maxLength: 6 }),
      bytes: fc.nat(),
      continues: fc.boolean(),
      source: text,
    }),
    { maxLength: 4 },
  );
  /** An entry as unpacked: `key` and `time` always there (undefined when absent). */
  const asUnpacked = (e: UsageEntry): UsageEntry => ({
    key: e.key,
    session: e.session,
    model: e.model,
    time: e.time,
    tokens: e.tokens,
    ...(e.copy ? { copy: true } : {}),
  });

  it('gives back every part and entry exactly, through a structured clone', () => {
    fc.assert(
      fc.property(parts, (ps) => {
        const given: FileUsage[] = ps.map(({ entries, bytes, continues, source }) =>
          part(
            // Plain objects (fast-check's records have no prototype).
            entries.map((e) => ({ ...e, tokens: { ...e.tokens } })) as UsageEntry[],
            { bytes, source, ...(continues ? { continues } : {}) },
          ),
        );
        const packed = packUsage(given);
        expect(packed).toBeDefined();
        const back = unpackUsage(structuredClone(packed!));
        expect(back).toStrictEqual(
          given.map((p) => ({ ...p, entries: p.entries.map(asUnpacked) })),
        );
        for (const [i, p] of back.entries())
          for (const [k, e] of p.entries.entries())
            for (const [name, n] of Object.entries(e.tokens))
              expect(Object.is(n, given[i]!.entries[k]!.tokens[name as 'input'])).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
