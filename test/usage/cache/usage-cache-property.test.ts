import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cliInProcess } from '../../cli-in-process.js';
import { history, HistoryFiles, op, type Op } from './usage-history.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The usage report (output, messages and exit code) of the tree, with the cache or without. */
async function report(
  root: string,
  keep: string,
  cache: string[],
  span: string[] = [],
): Promise<string> {
  const r = await cliInProcess(['usage', '--json', '--keep', keep, ...span, ...cache, root]);
  return JSON.stringify([r.code, r.stdout, r.stderr]);
}

/**
 * Writes a history's files, then after each operation compares the report with the cache to the
 * report without it (`span`: more options for both). With a span, a first run without it has
 * filled the cache with every file, so files outside the span are skipped by their cached times.
 */
async function cachedEqualsPlain(
  initial: (string[] | undefined)[],
  ops: readonly Op[],
  keep: string,
  span: string[],
): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), 'txpipe-usage-cache-'));
  dirs.push(base);
  const root = join(base, 'projects');
  mkdirSync(root);
  const files = new HistoryFiles(root);
  initial.forEach((lines, slot) => lines && files.write(slot, lines));
  const cache = ['--cache-dir', join(base, 'cache')];
  if (span.length > 0) await report(root, keep, cache);
  for (const [i, o] of [undefined, ...ops].entries()) {
    if (o !== undefined) files.apply(o);
    const cached = await report(root, keep, cache, span);
    const plain = await report(root, keep, ['--no-cache'], span);
    expect(cached, `after step ${i}: ${JSON.stringify(o)}`).toBe(plain);
  }
  rmSync(base, { recursive: true, force: true });
}

describe('usage cache: a report with the cache is the report without it', () => {
  it('after every operation of random histories (appends, partial lines, rewrites, truncations, renames, deletions, new inodes, clock changes)', async () => {
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.array(op, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('first', 'last', 'max'),
        (initial, ops, keep) => cachedEqualsPlain(initial, ops, keep, []),
      ),
      { numRuns: 60 },
    );
  });

  it('with --since/--until, files skipped by their cached times give the report of reading all', async () => {
    // The history's times are 2025-09-01 to 03, 10:00:00-10:00:59 UTC.
    const span = fc.constantFrom(
      ['--since', '20250902'],
      ['--until', '2025-09-01'],
      ['--since', '2025-09-02T10:00:30Z'],
      ['--since', '20250903', '--until', '20250903'],
      ['--since', '2025-09-01T10:00:20Z', '--until', '2025-09-02T10:00:40Z'],
      ['--since', '20250904'],
    );
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.array(op, { minLength: 1, maxLength: 8 }),
        span,
        (initial, ops, when) =>
          cachedEqualsPlain(initial, ops, 'last', ['--timezone', 'UTC', ...when]),
      ),
      { numRuns: 40 },
    );
  });
});
