import { describe, expect, it } from 'vitest';
import { GENERATED_TABLES } from '../../src/redact/generated-tables.js';
import { compilePrescan, PRESCAN_STARTS, PRESCAN_TEXT } from '../../src/redact/prescan.js';
import { catalogStarts } from '../../src/redact/providers/catalog-matcher.js';
import { requiredLiteral } from '../../src/redact/required-literal.js';
import {
  decodeStartTables,
  deriveStartTables,
  encodeStartTables,
  START_ANY_CASE,
  START_EXACT,
  startTables,
  type StartTables,
} from '../../src/redact/start-tables.js';
import { TOKEN_RULES } from '../../src/redact/token-rules.js';

// src/redact/generated-tables.ts holds what the default rules derive from their constant sources,
// made at build time so that a run does not derive it again. It must be what the run-time
// derivation gives, or the prescan and the token gates would miss secrets.
const STALE = 'stale: run `npm run build && node scripts/generate-redact-tables.mjs`';

const plain = (t: StartTables | undefined) =>
  t && { pairs: [...t.pairs], thirds: [...t.thirds], fourths: [...t.fourths] };

describe('generated-tables.ts', () => {
  it('was made from the prescan starts of today', () => {
    expect(GENERATED_TABLES.starts, STALE).toBe(PRESCAN_STARTS.join('\n'));
    expect(GENERATED_TABLES.exact, STALE).toBe(catalogStarts().join('\n'));
  });

  it('holds the start tables the starts derive', () => {
    expect(plain(decodeStartTables(GENERATED_TABLES.tables)), STALE).toEqual(
      plain(deriveStartTables(PRESCAN_STARTS, catalogStarts())),
    );
  });

  it("holds the gate of every token rule's body, and of no other", () => {
    const bodies = [...new Set(TOKEN_RULES.map((r) => r.body))];
    expect(GENERATED_TABLES.gates, STALE).toEqual(bodies.map((b) => [b, requiredLiteral(b)]));
  });
});

describe('start tables', () => {
  it.each([
    ['the default starts', PRESCAN_STARTS, catalogStarts()],
    ['with config names', [...PRESCAN_STARTS, 'hun*', 'zép*'], catalogStarts()],
    ['a few starts', ['ab[cd]*', '\\/**', 'x_y_'], ['abX', 'Abcd', 'x_y_']],
  ])('%s: encoded and decoded, the same tables', (_name, starts, exact) => {
    const t = deriveStartTables(starts, exact);
    expect(t).toBeDefined();
    expect(plain(decodeStartTables(encodeStartTables(t!)))).toEqual(plain(t));
  });

  it('are the generated ones for the default starts, derived for any other list', () => {
    const exact = catalogStarts();
    expect(plain(startTables(PRESCAN_STARTS, exact))).toEqual(
      plain(deriveStartTables(PRESCAN_STARTS, exact)),
    );
    const more = [...PRESCAN_STARTS, 'hun*'];
    expect(plain(startTables(more, exact))).toEqual(plain(deriveStartTables(more, exact)));
    expect(plain(startTables(more, exact))).not.toEqual(plain(startTables(PRESCAN_STARTS, exact)));
  });

  // A catalog prefix is an exact start: its own bit, set for its case, beside the starts read in
  // any case. It shares their slots, so another case of it may be a candidate where they make
  // the first three characters one (`PASS`, `Path` here): its exact test then refuses it.
  it('mark exact starts in their case, and starts in any case in every case', () => {
    const t = deriveStartTables(['pass'], ['pat', 'pASS'])!;
    const bits = (w: string): number => {
      const [a, b, c, d] = [...w].map((ch) => ch.charCodeAt(0)) as [number, number, number, number];
      const slot = t.thirds[(t.pairs[(a << 7) | b] as number) * 128 + c] as number;
      return t.fourths[slot * 128 + d] as number;
    };
    expect([bits('pass'), bits('PASS'), bits('pASS'), bits('path'), bits('patX')]).toEqual([
      START_ANY_CASE,
      START_ANY_CASE | START_EXACT,
      START_ANY_CASE | START_EXACT,
      START_EXACT,
      START_EXACT,
    ]);
    // `Path`, `pAth`: `Pa` and `pA` are `pa`'s slot (for `pass`), then the `t` of `pat`.
    expect([bits('PATH'), bits('pasx'), bits('Path'), bits('pAth')]).toEqual([
      0,
      0,
      START_EXACT,
      START_EXACT,
    ]);
  });

  it('are none when the starts need more than 255 pair slots', () => {
    expect(deriveStartTables(['ééab', 'ŠŠcd', 'ččef'])).toBeUndefined();
  });

  it('let the prescan see a config name the default tables do not hold', () => {
    const scan = compilePrescan(['hunter'], []);
    expect(scan('{"hunter":"x"}') & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    expect(compilePrescan([], [])('{"hunter":"x"}') & PRESCAN_TEXT).toBe(0);
  });
});
