import { describe, expect, it } from 'vitest';
import { byUtf8, goInt, goString, goValue } from '../../src/formats/flockdeck/go-json.js';

// Expected texts are what Go's encoding/json Marshal writes (Go 1.22 and later: `\b` and `\f`
// short escapes; HTML characters and U+2028/U+2029 escaped; invalid text as U+FFFD).
describe("Go's json.Marshal of a string", () => {
  const specials = '\u0000\u001f\b\f\n\r\t"\\<>&\u2028\u2029\u007f é 😀';
  const written =
    '"\\u0000\\u001f\\b\\f\\n\\r\\t\\"\\\\\\u003c\\u003e\\u0026\\u2028\\u2029\u007f é 😀"';

  it.each([
    ['plain', 'plain text', '"plain text"'],
    ['every escape', specials, written],
    // A lone surrogate takes the other path; the rest of the text is written the same.
    ['with a lone surrogate', `${specials}\ud800`, `${written.slice(0, -1)}\ufffd"`],
    ['a lone low surrogate', 'a\udc00b', '"a\ufffdb"'],
    ['a pair', '\ud83d\ude00<', '"😀\\u003c"'],
  ])('%s', (_name, s, want) => {
    expect(goString(s)).toBe(want);
  });
});

describe("Go's json.Marshal of a decoded value", () => {
  it('sorts keys by their UTF-8 bytes at every level', () => {
    // U+FF61 sorts before U+1F600 in UTF-8 (and code points), after it in UTF-16 code units.
    const keys = ['\uff61', '😀', 'b', 'B', 'a'];
    expect(keys.slice().sort(byUtf8)).toEqual(['B', 'a', 'b', '\uff61', '😀']);
    expect(goValue({ z: [{ y: 1, x: 2 }], a: null })).toBe('{"a":null,"z":[{"x":2,"y":1}]}');
  });

  it.each([
    [-0, '-0'],
    [0, '0'],
    [1e21, '1e+21'],
    [1e20, '100000000000000000000'],
    [1e-7, '1e-7'],
    [0.000001, '0.000001'],
    [2 ** 53 + 2, '9007199254740994'],
    [-1.5, '-1.5'],
  ])('writes the float64 %s as %s', (n, want) => {
    expect(goValue(n)).toBe(want);
  });

  it('writes a Go int past 2^53 with every digit', () => {
    expect(goInt(-(2 ** 63))).toBe('-9223372036854775808');
    expect(goInt(42)).toBe('42');
  });
});
