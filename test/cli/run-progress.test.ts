import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inputsSize, progressLine, RunProgress } from '../../src/cli/run-progress.js';
import { fixture } from '../shared.js';

describe('progress on stderr', () => {
  it.each([
    [
      { bytes: 12_300_000, lines: 45_000, elapsedMs: 2000 },
      'txpipe: 12.3 MB, 45,000 lines, 6.2 MB/s',
    ],
    [
      { bytes: 50e6, lines: 10, elapsedMs: 5000, totalBytes: 200e6 },
      'txpipe: 50.0 MB of 200.0 MB, 10 lines, 10.0 MB/s, 0:15 left',
    ],
    [
      { bytes: 2e9, lines: 1, elapsedMs: 10_000, totalBytes: 14e9 },
      'txpipe: 2.00 GB of 14.00 GB, 1 lines, 200.0 MB/s, 1:00 left',
    ],
    [{ bytes: 0, lines: 0, elapsedMs: 0, totalBytes: 10 }, 'txpipe: 0 kB of 0 kB, 0 lines, 0 kB/s'],
  ])('%j reads %s', (state, line) => {
    expect(progressLine(state)).toBe(line);
  });

  it('knows the size of plain files only', async () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    expect(await inputsSize([file])).toBeGreaterThan(0);
    expect(await inputsSize([file, '-'])).toBeUndefined();
    expect(await inputsSize(['x.jsonl.gz'])).toBeUndefined();
  });

  it("counts a usage file part's bytes (usage reads whole files, not records)", async () => {
    const err = new PassThrough();
    let text = '';
    err.on('data', (b: Buffer) => (text += b.toString()));
    const p = new RunProgress(err, 3e6, { everyMs: 5, afterMs: 0 });
    p.count({ kind: 'file-usage', source: 'a', entries: [], rejections: [], bytes: 1e6 });
    p.count({ kind: 'file-usage', source: 'a', entries: [], rejections: [], bytes: 5e5 });
    await new Promise((r) => setTimeout(r, 30));
    p.end();
    expect(text).toMatch(/txpipe: 1\.5 MB of 3\.0 MB, /);
  });

  it('redraws in place after a while, counts records, and erases itself at the end', async () => {
    const err = new PassThrough();
    let text = '';
    err.on('data', (b: Buffer) => (text += b.toString()));
    const p = new RunProgress(err, 100, { everyMs: 5, afterMs: 20 });
    p.count({ raw: '{"a":1}' });
    p.count({ raw: '{"b":2}' });
    p.count({ notARecord: true });
    expect(text).toBe(''); // nothing for a short run
    await new Promise((r) => setTimeout(r, 60));
    p.end();
    expect(text).toMatch(/^\r\x1b\[2Ktxpipe: 0 kB of 0 kB, 2 lines, /);
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });
});
