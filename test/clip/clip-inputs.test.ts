import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as txpipe from '../../src/index.js';
import { fixture } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const linesOf = (text: string): string[] => text.split('\n').filter((l) => l.length > 0);
const tmp = mkdtempSync(join(tmpdir(), 'txpipe-clip-inputs-'));

/** Runs the CLI in this process with output to a temporary file (see cli-in-process.ts). */
const cli = cliInProcess;

describe('the public API', () => {
  it('exports the clipping functions and the clip factory', async () => {
    expect(txpipe.clipMarker(3)).toBe('\u2026[clipped 3 bytes]');
    expect(txpipe.clipString('abcdef', 2).text).toBe('ab\u2026[clipped 4 bytes]');
    expect(txpipe.clipProfileFor('claude-code').id).toBe('claude-code');
    const recs = txpipe.readRecords(Readable.from([`{"a":"${'x'.repeat(20)}"}\n`]));
    let text = '';
    await pipeline(recs, txpipe.clip({ limit: 5 }), txpipe.stringify(), async (src) => {
      for await (const chunk of src) text += String(chunk);
    });
    expect(JSON.parse(text)).toEqual({ a: 'xxxxx\u2026[clipped 15 bytes]', clipped: { a: 20 } });
  });
});

describe('clip reads what every command reads', () => {
  const session = fixture('claude-code', 'marot-spotter', 'subagent.jsonl');

  it('gzip input gives the same output as the plain file', async () => {
    const gz = join(tmp, 'session.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(session)));
    const plain = await cli(['clip', '--limit', '1KiB', session]);
    const zipped = await cli(['clip', '--limit', '1KiB', gz]);
    expect(zipped.code).toBe(0);
    expect(zipped.stdout).toBe(plain.stdout);
  });

  it('a JSON array file (rupu transcript_events.json) comes out as JSON Lines, clipped (markers, no map: rupu lines are {type, data})', async () => {
    const file = fixture('rupu', 'transcript_events.json');
    const r = await cli(['clip', '--limit', '16', file]);
    expect(r.code).toBe(0);
    const values = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
    const lines = linesOf(r.stdout).map(
      (l) => JSON.parse(l) as { clipped?: Record<string, number> },
    );
    expect(lines.length).toBe(values.length);
    expect(lines.some((l) => JSON.stringify(l).includes('\u2026[clipped '))).toBe(true);
    expect(lines.filter((l) => l.clipped !== undefined)).toEqual([]);
  });

  it('a directory means every .jsonl file below it', async () => {
    const dir = fixture('claude-code', 'marot-spotter');
    const r = await cli(['clip', dir]);
    expect(r.code).toBe(0);
    const sub = await cli(['clip', session]);
    expect(r.stdout).toContain(sub.stdout);
  });

  it('a malformed line mid-file is reported, or passed on with --on-invalid pass', async () => {
    const file = join(tmp, 'bad.jsonl');
    const long = JSON.stringify({ t: 'y'.repeat(100) });
    writeFileSync(file, `${long}\n{"broken": \n${long}\n`);
    const skip = await cli(['clip', '--limit', '10', file]);
    expect(skip.code).toBe(0);
    expect(linesOf(skip.stdout).length).toBe(2);
    expect(skip.stderr).toMatch(/bad\.jsonl:2: malformed/);
    const pass = await cli(['clip', '--limit', '10', '--on-invalid', 'pass', file]);
    expect(linesOf(pass.stdout)[1]).toBe('{"broken": ');
  });

  it('a missing input fails with exit code 1', async () => {
    const r = await cli(['clip', join(tmp, 'nope.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nope\.jsonl/);
  });

  it('clipped output is still detected as its format', async () => {
    const files = [
      session,
      fixture('rupu', 'run_smoke.jsonl'),
      fixture('slow-powers', 'record-runs', 'expected', 'run.json'),
    ];
    for (const f of files) {
      const clipped = join(tmp, `clipped-${f.split('/').pop()!}`);
      writeFileSync(clipped, (await cli(['clip', '--limit', '64', f])).stdout);
      const before = await cli(['detect', f]);
      const after = await cli(['detect', clipped]);
      expect(after.stdout.split('\t')[1]).toBe(before.stdout.split('\t')[1]);
      const perLine = await cli(['detect', '--lines', clipped]);
      expect(perLine.stdout).not.toMatch(/\tunknown|\tinvalid/);
    }
  });
});
