// A --config pattern is a rule like the built-in ones: the prescan of a raw JSON line must flag
// the line whenever the pattern matches one of its strings (as the rules see them, decoded), or
// the stage passes the line through unread and the secret is written out. Patterns with flags
// (`u` for `\p{…}`, `s`, `m`), anchored to a string's ends, or needing a character JSON escapes
// (a line break, a tab, a quote, a backslash, `\u00e9`) once slipped past the prescan.
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { RedactConfigFile } from '../../src/redact/config.js';
import { PRESCAN_TEXT } from '../../src/redact/prescan.js';
import { prescanOfSpec } from '../../src/redact/prescan-spec.js';
import { createRedactor } from '../../src/redact/redactor.js';
import type { Rec } from '../../src/stream/rec.js';
import { redact } from '../../src/transforms/redact.js';

type Pattern = NonNullable<RedactConfigFile['patterns']>[number];

/** The record logic's output for one raw line, through the `redact` stage. */
async function redactLine(config: RedactConfigFile, raw: string): Promise<Rec> {
  const stage = redact({ config });
  const out: Rec[] = [];
  stage.on('data', (r: Rec) => out.push(r));
  stage.end({ raw, value: JSON.parse(raw), line: 1, source: 'x' } satisfies Rec);
  await finished(stage);
  return out[0] as Rec;
}

const line = (t: string): string => JSON.stringify({ type: 'user', t });

describe('a --config pattern flags the raw line of a string it matches', () => {
  it.each<[string, Pattern, string, string]>([
    [
      'the u flag (\\p{Lu})',
      { kind: 'ticket', pattern: '\\p{Lu}{3}-\\d{4}', flags: 'u' },
      'see ABC-1234 now',
      line('see ABC-1234 now'),
    ],
    ['anchored to the string', '^tkt-[0-9]{6}$', 'tkt-123456', line('tkt-123456')],
    [
      'anchored to a line of it (m)',
      { pattern: '^tkt-[0-9]{6}$', flags: 'm' },
      'first\ntkt-123456',
      line('first\ntkt-123456'),
    ],
    [
      'blanks JSON escapes',
      'id:\\s+[0-9a-f]{12}',
      'id:\n\t0123456789ab',
      line('id:\n\t0123456789ab'),
    ],
    [
      'the s flag across a line break',
      { pattern: 'x.y[0-9]{6}', flags: 's' },
      'x\ny123456',
      line('x\ny123456'),
    ],
    ['a quote', 'k="[0-9]{8}"', 'k="12345678"', line('k="12345678"')],
    ['a backslash', 'C:\\\\key\\\\[0-9]{6}', 'C:\\key\\123456', line('C:\\key\\123456')],
    [
      // Before and after a string the line has a quote (raw) or a line break (read as text);
      // the rules see nothing there, which neither stands for.
      "a look-around at the string's ends",
      '(?<!\\W)sk_[0-9]{8}(?!\\W)',
      'sk_12345678',
      line('sk_12345678'),
    ],
    [
      'a character written as \\u00XX',
      'é[0-9]{6}',
      'é123456',
      '{"type":"user","t":"\\u00e9123456"}',
    ],
  ])('%s', async (_label, pattern, text, raw) => {
    const config: RedactConfigFile = { patterns: [pattern] };
    const redactor = createRedactor({ config });
    // The rules change the string itself (the case is a secret the config asks for)...
    expect(redactor.text(text)).not.toBe(text);
    expect(JSON.parse(raw).t).toBe(text);
    // ...so the prescan must flag the raw line, here and on the worker (built from the spec).
    expect(redactor.prescan(raw) & PRESCAN_TEXT).not.toBe(0);
    expect(prescanOfSpec(redactor.prescanSpec!)(raw) & PRESCAN_TEXT).not.toBe(0);
    // And the stage does not write it.
    const out = await redactLine(config, raw);
    expect((out.value as { t: string }).t).not.toBe(text);
    expect((out.value as { t: string }).t).toContain('[redacted]');
  });

  it('a line none of whose strings a pattern matches is still passed over', () => {
    const redactor = createRedactor({ config: { patterns: ['^tkt-[0-9]{6}$'] } });
    expect(redactor.prescan(line('see tkt-123456 here'))).toBe(0);
    expect(redactor.prescan('{"type":"user","t":"plain words","n":1}')).toBe(0);
  });
});
