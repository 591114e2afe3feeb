/** A seeded generator (mulberry32), so that a failing property can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters of 1, 2, 3 and 4 UTF-8 bytes (the last a surrogate pair in UTF-16). */
export const CHARS = ['a', 'é', 'ж', '€', '中', '😀', '𝄞', '"', '\n'];

/** A random string of `n` characters mixing 1- to 4-byte characters. */
export function randomString(next: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += CHARS[Math.floor(next() * CHARS.length)]!;
  return s;
}
