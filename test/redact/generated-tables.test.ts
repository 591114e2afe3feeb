import { describe, expect, it } from 'vitest';
import { GENERATED_TABLES } from '../../src/redact/generated-tables.js';
import { compilePrescan, PRESCAN_STARTS, PRESCAN_TEXT } from '../../src/redact/prescan.js';
import { requiredLiteral } from '../../src/redact/required-literal.js';
import {
  decodeStartTables,
  deriveStartTables,
  encodeStartTables,
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
  });

  it('holds the start tables the starts derive', () => {
    expect(plain(decodeStartTables(GENERATED_TABLES.tables)), STALE).toEqual(
      plain(deriveStartTables(PRESCAN_STARTS)),
    );
  });

  it("holds the gate of every token rule's body, and of no other", () => {
    const bodies = [...new Set(TOKEN_RULES.map((r) => r.body))];
    expect(GENERATED_TABLES.gates, STALE).toEqual(bodies.map((b) => [b, requiredLiteral(b)]));
  });
});

describe('start tables', () => {
  it.each([
    ['the default starts', PRESCAN_STARTS],
    ['with config names', [...PRESCAN_STARTS, 'hun*', 'zép*']],
    ['a few starts', ['ab[cd]*', '\\/**', 'x_y_']],
  ])('%s: encoded and decoded, the same tables', (_name, starts) => {
    const t = deriveStartTables(starts);
    expect(t).toBeDefined();
    expect(plain(decodeStartTables(encodeStartTables(t!)))).toEqual(plain(t));
  });

  it('are the generated ones for the default starts, derived for any other list', () => {
    expect(plain(startTables(PRESCAN_STARTS))).toEqual(plain(deriveStartTables(PRESCAN_STARTS)));
    const more = [...PRESCAN_STARTS, 'hun*'];
    expect(plain(startTables(more))).toEqual(plain(deriveStartTables(more)));
    expect(plain(startTables(more))).not.toEqual(plain(startTables(PRESCAN_STARTS)));
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
