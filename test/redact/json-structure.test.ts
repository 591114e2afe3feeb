// Issue 23, items 2, 4 and 5: secrets under a duplicate key, in JSON inside JSON strings at any
// depth, and in object keys, through the built bin. The output must hold no secret and stay
// valid JSON at every depth.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';

const GHP = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const GHP2 = 'ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
const PW = 'Hunter2Secret99x';

/** `value` as a JSON string `levels` times over: JSON in a string in a string … */
function embedded(value: unknown, levels: number): unknown {
  let v = value;
  for (let i = 0; i < levels; i++) v = JSON.stringify({ text: v });
  return v;
}

/** The innermost value of `embedded(…, levels)` read back, every level parsed. */
function unwrap(v: unknown, levels: number): unknown {
  let out = v;
  for (let i = 0; i < levels; i++) out = (JSON.parse(out as string) as { text: unknown }).text;
  return out;
}

function redactLine(line: string, args: string[] = []): string {
  const r = txpipe(['redact', ...args], { input: `${line}\n` });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\n$/, '');
}

beforeAll(ensureBuilt);

describe('secrets under a duplicate key (item 2)', () => {
  it.each([
    ['{"x":"AKIAIOSFODNN7EXAMPLE","x":"hello"}', '{"x":"[redacted]","x":"hello"}'],
    ['{"x":"hello","x":"AKIAIOSFODNN7EXAMPLE"}', '{"x":"hello","x":"[redacted]"}'],
    [
      `{"a":{"password":"${PW}","password":"\${PASS}"},"n":1}`,
      '{"a":{"password":"[redacted]","password":"${PASS}"},"n":1}',
    ],
    [`{"k": "${GHP}", "k": 2}`, '{"k": "[redacted]", "k": 2}'],
  ])('%s keeps its other bytes and loses the secret', (line, want) => {
    expect(redactLine(line)).toBe(want);
  });
});

describe('JSON inside JSON strings, any depth (item 4)', () => {
  it.each([1, 2, 3, 5, 8])(
    'a password and a token %i levels down are replaced, every level valid',
    (levels) => {
      const inner = { password: PW, token: GHP, note: 'kept as is', n: 3 };
      const line = JSON.stringify({ content: embedded(inner, levels) });
      const out = redactLine(line);
      expect(out).not.toContain(PW);
      expect(out).not.toContain(GHP.slice(4));
      const read = unwrap((JSON.parse(out) as { content: unknown }).content, levels);
      expect(read).toEqual({
        password: '[redacted]',
        token: '[redacted]',
        note: 'kept as is',
        n: 3,
      });
    },
  );

  it('keeps the bytes of embedded JSON around what it replaces (spacing, order, escapes)', () => {
    const text = `{\n  "user": "sam",\n  "password": "${PW}",\n  "path": "a\\/b \\u00e9"\n}`;
    const out = redactLine(JSON.stringify({ output: text }));
    expect((JSON.parse(out) as { output: string }).output).toBe(text.replace(PW, '[redacted]'));
  });

  it('reads a secret key in embedded JSON as it would in the record', () => {
    const out = redactLine(
      JSON.stringify({ o: JSON.stringify({ api_key: 12345678, auth: { user: 'u', pass: 'p' } }) }),
    );
    expect(JSON.parse((JSON.parse(out) as { o: string }).o)).toEqual({
      api_key: '[redacted]',
      auth: { user: 'u', pass: 'p' },
    });
  });

  it('changes nothing in embedded JSON that holds no secret', () => {
    const line = JSON.stringify({ o: JSON.stringify({ a: [1, 2, { b: 'c' }], token_count: 5 }) });
    expect(redactLine(line)).toBe(line);
  });

  it('is idempotent', () => {
    const line = JSON.stringify({ content: embedded({ password: PW, [GHP]: 1 }, 3) });
    const once = redactLine(line);
    expect(redactLine(once)).toBe(once);
  });
});

describe('secrets in object keys (item 5)', () => {
  it.each([
    [`{"tokens":{"${GHP}":1}}`, '{"tokens":{"[redacted]":1}}'],
    [`{"t":{"${GHP}":1,"${GHP2}":2}}`, '{"t":{"[redacted]":1,"[redacted]#2":2}}'],
    [`{"t":{"[redacted]":0,"${GHP}":1}}`, '{"t":{"[redacted]":0,"[redacted]#2":1}}'],
  ])('%s', (line, want) => {
    expect(JSON.parse(redactLine(line))).toEqual(JSON.parse(want));
  });

  it('in JSON embedded in a string, two levels down', () => {
    const line = JSON.stringify({ o: embedded({ [GHP]: 1, [GHP2]: 2 }, 2) });
    const out = redactLine(line);
    expect(out).not.toContain(GHP.slice(4));
    expect(out).not.toContain(GHP2.slice(4));
    expect(unwrap((JSON.parse(out) as { o: unknown }).o, 2)).toEqual({
      '[redacted]': 1,
      '[redacted]#2': 2,
    });
  });
});

describe('limits and odd text around secrets', () => {
  it('JSON in strings nested past the depth limit is rejected, never written with its secret', () => {
    let v: unknown = { password: PW };
    for (let i = 0; i < 1100; i++) v = i % 100 === 0 ? JSON.stringify({ s: v }) : [v];
    const r = txpipe(['redact'], { input: `${JSON.stringify({ o: v })}\n` });
    expect(r.stdout).not.toContain(PW);
  });

  it('a lone surrogate or invalid UTF-8 beside a secret', () => {
    const lone = redactLine(
      `{"a":"\\ud800${GHP}\\udfff","b":"{\\"password\\":\\"\\ud800${PW}\\"}"}`,
    );
    expect(lone).not.toContain(GHP.slice(4));
    expect(lone).not.toContain(PW);
    expect(lone).toContain('\\ud800');
    const bytes = Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${GHP}","b":"{\\"password\\":\\"${PW}\\"}"}\n`),
    ]);
    const r = txpipe(['redact'], { input: bytes });
    expect(r.stdout).not.toContain(GHP.slice(4));
    expect(r.stdout).not.toContain(PW);
  });
});
