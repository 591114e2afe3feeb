// Issue 24, items 3 and 4: `convert` writes what can be written and reports (and rejects, into
// --reject-file) what cannot, the same way whatever the line count: a session Flockdeck cannot
// hold (no time on any entry) beside sessions that can be written, and an input of no known
// format on either side of the 10,000-record detection window.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ensureBuilt, txpipe } from '../cli/run.js';

let tmp: string;
const at = (name: string): string => join(tmp, name);
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-not-written-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Claude Code user entries of one session, with times or without. */
function session(id: string, n: number, timed: boolean): string[] {
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      type: 'user',
      sessionId: id,
      uuid: `${id}-u${i}`,
      ...(timed ? { timestamp: `2025-09-03T00:52:3${i}.217Z` } : {}),
      cwd: '/w/shop',
      message: { role: 'user', content: `prompt ${i} of ${id}` },
    }),
  );
}

describe('convert --to flockdeck: a session with no time beside sessions with times', () => {
  const timed = session('s-timed', 3, true);
  const timedB = session('s-timed-b', 2, true);
  const timeless = session('s-timeless', 3, false);
  it.each([
    ['the timeless session first', [...timeless, ...timed]],
    ['the timeless session last', [...timed, ...timeless]],
    ['the timeless session between two', [...timed, ...timeless, ...timedB]],
  ])('%s: the others are written, its lines reported and rejected', (name, lines) => {
    const file = at(`${name.replace(/\W/g, '')}.jsonl`);
    writeFileSync(file, lines.join('\n') + '\n');
    // What the sessions with times give on their own.
    const alone = at(`${name.replace(/\W/g, '')}-alone.jsonl`);
    writeFileSync(alone, lines.filter((l) => !l.includes('s-timeless')).join('\n') + '\n');
    const want = txpipe(['convert', '--to', 'flockdeck', alone]);
    expect(want.code).toBe(EXIT.ok);
    const rejects = at(`${name.replace(/\W/g, '')}.rejects`);
    const r = txpipe(['convert', '--to', 'flockdeck', '--strict', '--reject-file', rejects, file]);
    expect(r.code, r.stderr).toBe(EXIT.rejected);
    expect(r.stdout).toBe(want.stdout);
    const timelessLines = lines.flatMap((l, i) => (l.includes('s-timeless') ? [i + 1] : []));
    for (const n of timelessLines) {
      expect(r.stderr).toContain(`${file}:${n}: format: flockdeck: session s-timeless has no time`);
    }
    expect(readFileSync(rejects, 'utf8')).toBe(timeless.join('\n') + '\n');
  });
});

describe('convert: an input of no known format, on either side of the 10,000-record window', () => {
  it.each([9_999, 10_000, 10_001, 25_000])(
    '%s lines: every one reported unknown-format and rejected, the same exit',
    (n) => {
      const lines = Array.from({ length: n }, (_, i) => `{"nobody":"knows","i":${i}}`);
      const file = at(`unknown-${n}.jsonl`);
      writeFileSync(file, lines.join('\n') + '\n');
      const rejects = at(`unknown-${n}.rejects`);
      const r = txpipe(['convert', '--to', 'awf', '--strict', '--reject-file', rejects, file]);
      expect([r.code, r.stdout]).toEqual([EXIT.rejected, '']);
      expect(r.stderr).toContain(`txpipe: ${n} lines not written`);
      expect(r.stderr).toContain(`${file}:1: unknown-format`);
      expect(readFileSync(rejects, 'utf8')).toBe(lines.join('\n') + '\n');
    },
  );

  it('a known format found after the window: the 10,000 lines held before are rejected, the rest converted', () => {
    const unknown = Array.from({ length: 10_005 }, (_, i) => `{"nobody":"knows","i":${i}}`);
    const known = session('s-late', 2, true);
    const file = at('late-known.jsonl');
    writeFileSync(file, [...unknown, ...known].join('\n') + '\n');
    const alone = at('late-known-alone.jsonl');
    writeFileSync(alone, known.join('\n') + '\n');
    const r = txpipe(['convert', '--to', 'flockdeck', file]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe(txpipe(['convert', '--to', 'flockdeck', alone]).stdout);
    // The first 10,000 held were reported; those held after them are read by the format found.
    expect(r.stderr).toContain(`txpipe: 10000 lines not written`);
  });
});
