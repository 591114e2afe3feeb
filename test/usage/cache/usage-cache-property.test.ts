import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cliInProcess } from '../../cli-in-process.js';
import { history, HistoryFiles, op } from './usage-history.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The usage report (output, messages and exit code) of the tree, with the cache or without. */
async function report(root: string, keep: string, cache: string[]): Promise<string> {
  const r = await cliInProcess(['usage', '--json', '--keep', keep, ...cache, root]);
  return JSON.stringify([r.code, r.stdout, r.stderr]);
}

describe('usage cache: a report with the cache is the report without it', () => {
  it('after every operation of random histories (appends, partial lines, rewrites, truncations, renames, deletions, new inodes, clock changes)', async () => {
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.array(op, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('first', 'last', 'max'),
        async (initial, ops, keep) => {
          const base = mkdtempSync(join(tmpdir(), 'txpipe-usage-cache-'));
          dirs.push(base);
          const root = join(base, 'projects');
          mkdirSync(root);
          const files = new HistoryFiles(root);
          initial.forEach((lines, slot) => lines && files.write(slot, lines));
          const cache = ['--cache-dir', join(base, 'cache')];
          const steps = [undefined, ...ops];
          for (const [i, o] of steps.entries()) {
            if (o !== undefined) files.apply(o);
            const cached = await report(root, keep, cache);
            const plain = await report(root, keep, ['--no-cache']);
            expect(cached, `after step ${i}: ${JSON.stringify(o)}`).toBe(plain);
          }
          rmSync(base, { recursive: true, force: true });
        },
      ),
      { numRuns: 60 },
    );
  });
});
