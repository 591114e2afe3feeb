import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildCli } from '../../src/cli/yargs-cli.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { fixture, repoRoot } from '../shared.js';

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'rupu', name);

/** Runs the CLI in-process (the parser and run loop the bin uses); output goes to a file. */
async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (b: Buffer) => (err += b.toString()));
  let code = -1;
  await new Promise<void>((resolve) => {
    void buildCli(argv, {
      stderr,
      stdoutIsTTY: false,
      exit: (c) => {
        code = c;
        resolve();
      },
    }).then((y) => y.parseAsync());
  });
  return { code, err };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'txpipe-cli-'));
const lines = (file: string): unknown[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('CLI: replay and run records, in-process', () => {
  it('replay: rejected lines reported, kept in --reject-file, --strict exits 3', async () => {
    const dir = tmp();
    const out = join(dir, 'out.jsonl');
    const rej = join(dir, 'rejected.txt');
    const r = await cli([
      'replay',
      own('run_v2_damaged.jsonl'),
      '-o',
      out,
      '--reject-file',
      rej,
      '--strict',
    ]);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.err).toMatch(/3 lines not written/);
    expect(lines(out)).toMatchObject([{ session: 'run_damaged' }]);
    const kept = readFileSync(rej, 'utf8');
    expect(kept).toContain('this is not json {');
    expect(kept).toContain('{"data":{"content":"no type"}}');
  });

  it('convert --to run-record over a directory: one record per session, every one valid', async () => {
    const dir = tmp();
    const out = join(dir, 'out.jsonl');
    const r = await cli([
      'convert',
      '--to',
      'run-record',
      join(repoRoot, 'test', 'fixtures', 'rupu'),
      '-o',
      out,
      '-q',
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toBe('');
    expect((lines(out) as { eval_id: string }[]).map((x) => x.eval_id)).toEqual([
      'run_compact',
      'run_damaged',
      'run_01JB7Q2M4X8T6V0K3N5R9C1D2E',
    ]);
  });

  it('convert --to rupu --pretty, and usage errors exit 2', async () => {
    const dir = tmp();
    const out = join(dir, 'out.json');
    expect(
      (
        await cli([
          'convert',
          '--to',
          'rupu',
          '--pretty',
          fixture('rupu', 'run_smoke.jsonl'),
          '-o',
          out,
        ])
      ).code,
    ).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toContain('{\n  "type": "run_start",\n');
    expect((await cli(['replay', '--from', 'nope', own('run_v2_full.jsonl')])).code).toBe(
      EXIT.usage,
    );
    expect(
      (await cli(['convert', '--to', 'run-record', '--run-index', '0', own('run_v2_full.jsonl')]))
        .code,
    ).toBe(EXIT.usage);
    const missing = await cli(['replay', join(dir, 'no-such-file.jsonl')]);
    expect(missing.code).toBe(EXIT.failure);
    expect(missing.err).toMatch(/no-such-file/);
  });
});
