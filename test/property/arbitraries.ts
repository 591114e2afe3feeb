// Generators of hostile JSON Lines input for the property tests (issue 12, "Tests that keep it
// so"): records of real shapes with secrets and long strings, arbitrary bytes, invalid UTF-8, NUL,
// lone surrogates, deep nesting, huge numbers, duplicate keys, CRLF, BOMs, every framing.
import fc from 'fast-check';

const token = 'sk-ant-api03-' + 'a'.repeat(93) + 'AA';
const b64 = 'iVBORw0KGgo'.repeat(30);

/** Texts a stage acts on: secrets, PII, long text, a marker, multibyte characters. */
const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }), // lone surrogates included
  fc.constantFrom(
    `key ${token}`,
    'password=hunter2hunter2',
    'mail bob@example.com',
    'AKIAIOSFODNN7EXAMPLE',
    `${'é'.repeat(40)}${'😀'.repeat(30)}`,
    'x'.repeat(300),
    'kept…[clipped 500 bytes]',
    '\u0000nul\u0000',
    '2025-09-03T00:52:31.217Z',
  ),
);

/** Number texts, exact or not (`JSON.parse` would change the inexact ones). */
const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom('9007199254740993', '1e400', '-1e400', '-0', '2.50', '1E5', '1.0', '0.1e1'),
);

/** A JSON text built from parts, so numbers and duplicate keys survive as written. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map((s) => JSON.stringify(s)),
    numberText,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 4 }).map((a) => `[${a.join(',')}]`),
    fc
      .array(
        fc.tuple(fc.constantFrom('a', 'text', 'password', 'input', 'a', 'data'), tie('value')),
        {
          maxLength: 4,
        },
      )
      .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Claude Code shaped records (with usage, tool calls, an image copy) holding hostile texts. */
export const claudeRecord: fc.Arbitrary<string> = fc
  .record({
    kind: fc.constantFrom('user', 'assistant', 'image'),
    n: fc.integer({ min: 1, max: 4 }),
    t: text,
    num: numberText,
  })
  .map(({ kind, n, t, num }) => {
    const base = `"sessionId":"s${n}","uuid":"u${n}","timestamp":"2025-09-03T00:52:3${n}.217Z"`;
    if (kind === 'user') {
      return `{"type":"user",${base},"message":{"role":"user","content":${JSON.stringify(t)}},"n":${num}}`;
    }
    if (kind === 'image') {
      return `{"type":"user",${base},"toolUseResult":{"type":"image","file":{"base64":"${b64}","type":"image/png"}},"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t${n}","content":${JSON.stringify(t)}}]}}`;
    }
    return `{"type":"assistant",${base},"requestId":"r${n}","message":{"id":"m${n}","role":"assistant","model":"claude","content":[{"type":"text","text":${JSON.stringify(t)}},{"type":"tool_use","id":"t${n}","name":"Bash","input":{"command":${JSON.stringify(t)}}}],"usage":{"input_tokens":${n},"output_tokens":${num.startsWith('-') ? 1 : 2}}}}`;
  });

/** Nesting of 1 to 2,000 levels around a secret (deeper than MAX_DEPTH sometimes). */
const deep: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 2000 }), fc.boolean())
  .map(([d, arr]) =>
    arr
      ? '['.repeat(d) + JSON.stringify(`${token} ${'y'.repeat(200)}`) + ']'.repeat(d)
      : '{"text":'.repeat(d) + JSON.stringify(`${token} ${'y'.repeat(200)}`) + '}'.repeat(d),
  );

/** One JSON line (valid JSON, as text). */
export const jsonLine: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: claudeRecord, weight: 4 },
  { arbitrary: jsonText, weight: 3 },
  { arbitrary: deep, weight: 1 },
);

/** One line as bytes: JSON, JSON with invalid UTF-8 inside a string, or arbitrary bytes. */
const lineBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { arbitrary: jsonLine.map((s) => Buffer.from(s)), weight: 8 },
  {
    arbitrary: fc
      .tuple(fc.uint8Array({ minLength: 1, maxLength: 4 }), fc.string({ maxLength: 10 }))
      .map(([bad, s]) =>
        Buffer.concat([
          Buffer.from(`{"a":"${s.replace(/["\\\n\r]/g, '')}`),
          bad.map((b) => (b === 0x22 || b === 0x5c || b === 0x0a || b === 0x0d ? 0xff : b | 0x80)),
          Buffer.from('"}'),
        ]),
      ),
    weight: 1,
  },
  {
    // Arbitrary bytes, NUL and a lone BOM included (no line break inside). As a first line they
    // may open an array or an object the input then does not close: the framing rules apply.
    arbitrary: fc
      .uint8Array({ maxLength: 40 })
      .map((a) => Buffer.from(a.map((b) => (b === 0x0a ? 0x00 : b)))),
    weight: 1,
  },
  { arbitrary: fc.constant(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), weight: 1 },
);

/** JSON Lines input: lines joined by LF or CRLF, maybe a BOM first, maybe no final newline. */
export const jsonlInput: fc.Arbitrary<Buffer> = fc
  .record({
    lines: fc.array(fc.tuple(lineBytes, fc.boolean()), { minLength: 1, maxLength: 12 }),
    bom: fc.boolean(),
    lastNewline: fc.boolean(),
  })
  .map(({ lines, bom, lastNewline }) => {
    const parts: Buffer[] = bom ? [Buffer.from([0xef, 0xbb, 0xbf])] : [];
    lines.forEach(([l, crlf], i) => {
      parts.push(l);
      if (i < lines.length - 1 || lastNewline) parts.push(Buffer.from(crlf ? '\r\n' : '\n'));
    });
    return Buffer.concat(parts);
  });

/**
 * JSON Lines of valid UTF-8 JSON only (no BOM), a record first: every line is a record, so
 * unchanged ones must come out byte for byte.
 */
export const cleanJsonl: fc.Arbitrary<string> = fc
  .tuple(claudeRecord, fc.array(jsonLine, { maxLength: 9 }))
  .map(([first, ls]) => [first, ...ls].map((l) => `${l}\n`).join(''));

/** A value that is not JSON, inside an array or among concatenated values. */
const badValue: fc.Arbitrary<string> = fc.constantFrom('{bad}', '{"a":}', '{"a":1,}', '{"a":tru}');

/** A value nested 1,000 to 6,000 levels (past what `JSON.stringify` writes again, sometimes). */
const veryDeep: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1000, max: 6000 }), fc.boolean())
  .map(([d, arr]) =>
    arr ? `{"a":${'['.repeat(d)}1${']'.repeat(d)}}` : `{"a":${'{"b":'.repeat(d)}1${'}'.repeat(d)}}`,
  );

/**
 * A JSON array or concatenated values of records, maybe a BOM first, values nested past
 * `MAX_DEPTH` and past what `JSON.stringify` writes, and maybe a value that is not JSON at
 * `bad` (its 1-based position; 0 when none).
 */
export const valuesInput: fc.Arbitrary<{
  text: string;
  framing: 'array' | 'concatenated';
  bad: number;
  bom: boolean;
  values: string[];
}> = fc
  .record({
    values: fc.array(fc.oneof(claudeRecord, claudeRecord, jsonText, veryDeep), {
      minLength: 1,
      maxLength: 8,
    }),
    records: fc.array(fc.oneof(claudeRecord, claudeRecord, claudeRecord, veryDeep), {
      minLength: 1,
      maxLength: 8,
    }),
    array: fc.boolean(),
    bom: fc.boolean(),
    bad: fc.option(fc.tuple(fc.nat(), badValue), { freq: 3 }),
  })
  .map(({ values, records, array, bom, bad }) => {
    const vs = array ? [...values] : [...records];
    let at = 0;
    if (bad) {
      at = (bad[0] % vs.length) + 1;
      vs.splice(at - 1, 0, bad[1]);
    }
    const body = array
      ? `[\n${vs.join(',\n')}\n]\n`
      : vs.map((v) => `${v.replace(/^\{/, '{\n')}\n`).join('');
    return {
      text: (bom ? '\ufeff' : '') + body,
      framing: array ? ('array' as const) : ('concatenated' as const),
      bad: at,
      bom,
      values: vs,
    };
  });
