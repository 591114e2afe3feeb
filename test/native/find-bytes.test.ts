// The needle search: the native one against Buffer#indexOf, on random bytes built to hold many
// near-misses (the needle's first and last byte in place, the middle wrong) and matches at every
// offset, including across the 16-byte blocks the native search checks at once.
import { describe, expect, it } from 'vitest';
import { nativeBinding } from '../../src/native/binding.js';
import { bytesFinder, findInView, type FindBytes } from '../../src/stream/find-bytes.js';
import { rng } from '../clip/random.js';

const native = nativeBinding();

/** The definition: Buffer#indexOf on the bytes up to `to`. */
const reference = (hay: Buffer, needle: Buffer, from: number, to: number): number =>
  hay.subarray(0, Math.max(0, to)).indexOf(needle, Math.max(0, from));

describe('bytesFinder', () => {
  it('is the native search when the native part is built, else Buffer#indexOf', () => {
    const find = bytesFinder();
    expect(find === native?.indexOf).toBe(native !== undefined);
    expect(find(Buffer.from('a usage" b'), Buffer.from('usage"'), 0, 10)).toBe(2);
    expect(find(Buffer.from('a usage" b'), Buffer.from('usage"'), 0, 7)).toBe(-1);
  });
});

const finders: [string, FindBytes | undefined][] = [
  ['native indexOf', native?.indexOf],
  ['Buffer#indexOf on a view (without the native part)', findInView],
];

describe.each(finders.filter(([, f]) => f !== undefined))('%s', (_name, f) => {
  const find = f!;

  it('finds what Buffer#indexOf finds, on random text, needles and bounds', () => {
    const next = rng(3);
    const alphabet = Buffer.from('us"age"xu\n');
    for (let round = 0; round < 3000; round++) {
      const hay = Buffer.alloc(Math.floor(next() * 90));
      for (let i = 0; i < hay.length; i++) hay[i] = alphabet[Math.floor(next() * alphabet.length)]!;
      const needle = Buffer.from(['usage"', 'u"', 'us', 'u', 'age"x', '"', ''][round % 7]!);
      const from = Math.floor(next() * (hay.length + 4)) - 2;
      const to = Math.floor(next() * (hay.length + 4)) - 2;
      expect(find(hay, needle, from, to), `${hay} ${needle} ${from} ${to}`).toBe(
        reference(hay, needle, from, to),
      );
    }
  });

  it('finds a needle at every offset of a long buffer, and only whole within the bound', () => {
    const needle = Buffer.from('usage"');
    for (let at = 0; at < 70; at++) {
      const hay = Buffer.alloc(80, 'u');
      needle.copy(hay, at);
      expect(find(hay, needle, 0, hay.length)).toBe(at);
      expect(find(hay, needle, 0, at + needle.length - 1)).toBe(-1);
      expect(find(hay, needle, at + 1, hay.length)).toBe(-1);
    }
  });

  it('gives -1 for an empty range, and where the search starts for an empty needle', () => {
    const hay = Buffer.from('abc');
    expect(find(hay, Buffer.from('a'), 2, 1)).toBe(-1);
    expect(find(hay, Buffer.alloc(0), 1, 3)).toBe(1);
    expect(find(hay, Buffer.alloc(0), 5, 2)).toBe(2);
  });
});

describe.runIf(native)('native indexOf', () => {
  it('refuses what is not bytes', () => {
    expect(() => native!.indexOf('abc' as never, Buffer.from('a'), 0, 1)).toThrow(/Uint8Arrays/);
  });
});
