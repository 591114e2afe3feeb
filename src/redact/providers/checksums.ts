import type { ProviderFormat } from './provider-format.js';

/** A checksum a provider documents: does the token (its prefix and what follows) hold it? */
export type Checksum = (prefix: string, rest: string) => boolean;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = ((): Uint32Array => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(s: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < s.length; i++)
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ s.charCodeAt(i)) & 0xff] as number);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * GitHub's checksum: the last six characters of the 36 after the prefix are the CRC-32 of the
 * first thirty, in base 62 (digits, upper case, lower case), padded with `0` on the left.
 */
export function githubChecksumOf(random30: string): string {
  let n = crc32(random30);
  let out = '';
  while (n > 0) {
    out = (BASE62[n % 62] as string) + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(6, '0');
}

/** Every checksum a catalog entry may name (`ProviderFormat.checksum`). */
export const CHECKSUMS: Readonly<Record<NonNullable<ProviderFormat['checksum']>, Checksum>> = {
  'github-crc32': (_prefix, rest) =>
    rest.length === 36 && githubChecksumOf(rest.slice(0, 30)) === rest.slice(30),
};
