import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDACTED, WITHHELD } from '../../src/redact/redactor.js';
import { fixture } from '../shared.js';
import { catBytes, redactBytes } from './helpers.js';

/** Every JSON Lines / JSON file in shared/fixtures (written by others; read, never changed). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(jsonl|json)$/.test(name) ? [p] : [];
  });
}

const all = files(fixture());
const parses = (line: string): boolean => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

describe('redact over every shared fixture', () => {
  it('finds the fixtures', () => {
    expect(all.length).toBeGreaterThan(20);
  });

  describe.each(all.map((f) => [relative(fixture(), f), f]))('%s', (_name, path) => {
    const bytes = readFileSync(path);
    let once = '';

    it('is idempotent, byte for byte', async () => {
      once = await redactBytes(bytes, 0, {}, path);
      expect(await redactBytes(Buffer.from(once), 0, {}, path)).toBe(once);
    });

    it('gives the same bytes whatever the chunk sizes', async () => {
      const sizes = bytes.length < 64 * 1024 ? [1, 2, 3, 7, 64] : [64, 4099];
      for (const size of sizes) expect(await redactBytes(bytes, size, {}, path)).toBe(once);
    });

    it('breaks no JSON, and leaves byte-identical every line it does not mark', async () => {
      const before = (await catBytes(bytes, path)).split('\n');
      const after = once.split('\n');
      expect(after.length).toBe(before.length);
      const marks = (s: string): number =>
        s.split(REDACTED).length + s.split(WITHHELD).length + s.split('[redacted:').length;
      for (let i = 0; i < before.length; i++) {
        const b = before[i] as string;
        const a = after[i] as string;
        expect(parses(a)).toBe(parses(b));
        if (a !== b) expect(marks(a)).toBeGreaterThan(marks(b));
      }
    });
  });
});
