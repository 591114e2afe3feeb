import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { pipeline } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { chain, pipelineStages, pipelineSteps } from '../../src/transforms/chain.js';
import { recordLogicOf } from '../../src/stream/batch-logic.js';
import { clip } from '../../src/transforms/clip.js';
import { redact } from '../../src/transforms/redact.js';
import { splitPipeline } from '../../src/transforms/pipeline-text.js';
import { bytesOf } from '../helpers.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture } from '../shared.js';

/** Real fixtures of several formats (read-only ground truth). */
const FIXTURES = [
  'claude-code/marot-spotter/tool_heavy.jsonl',
  'claude-code/marot-spotter/subagent.jsonl',
  'claude-code/d-kimuson-claude-code-viewer/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
  'flockdeck/claude_stream/home/projects/proj1/aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee.jsonl',
  'eval-magic/claude-stream-json/claude-events.jsonl',
  'rupu/run_smoke.jsonl',
  'awf/claude/input.jsonl',
];

/** Pipelines whose in-process run must equal the shell pipeline of separate commands. */
const PIPELINES: [string[], number][] = [
  [['redact', 'clip --limit 4KiB', 'convert --to run-record'], FIXTURES.length],
  [['redact', 'clip --limit 1KiB', 'dedup-usage'], 3],
  [['clip --limit 300 --omit-binary', 'redact --pii'], 3],
];

/** What the shell pipeline `a | b | c` writes: each command spawned on the previous one's output. */
function shellPipeline(stages: readonly string[], input: string): string {
  let data = input;
  for (const stage of stages) {
    const r = txpipe(splitPipeline(stage)[0] as string[], { input: data });
    expect(r.code, r.stderr).toBe(0);
    data = r.stdout;
  }
  return data;
}

beforeAll(ensureBuilt);

describe('txpipe run: one process gives the bytes of the shell pipeline', () => {
  for (const [stages, files] of PIPELINES) {
    for (const file of FIXTURES.slice(0, files)) {
      it(`${stages.join(' | ')} on ${file}`, () => {
        const input = readFileSync(fixture(file), 'utf8');
        const one = txpipe(['run', stages.join(' | ')], { input });
        expect(one.code, one.stderr).toBe(0);
        expect(one.stdout).toBe(shellPipeline(stages, input));
      });
    }
  }

  it('gives the CLI every stage with its record logic, so records go through them in batches', () => {
    // run-command's batchLogic takes the batch path only when every stage has it (chain()'s
    // composed Duplex would hide it): the benchmark run-chain depends on this.
    for (const [stages] of PIPELINES) {
      const built = pipelineStages(stages.join(' | '));
      expect(built.length).toBeGreaterThanOrEqual(stages.length);
      for (const stage of built) expect(recordLogicOf(stage), stages.join(' | ')).toBeDefined();
    }
  });

  it('reads the pipeline from --config (text or steps) and takes every word after it as a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-run-'));
    const file = fixture(FIXTURES[0] as string);
    const text = join(dir, 'text.json');
    const steps = join(dir, 'steps.json');
    writeFileSync(text, JSON.stringify({ pipeline: 'redact | clip --limit 4KiB' }));
    writeFileSync(
      steps,
      JSON.stringify({
        pipeline: [{ command: 'redact' }, { command: 'clip', options: { limit: '4KiB' } }],
      }),
    );
    const byText = txpipe(['run', '--config', text, file]);
    const bySteps = txpipe(['run', '--config', steps, file]);
    const byWord = txpipe(['run', 'redact | clip --limit 4KiB', file]);
    expect(byWord.code, byWord.stderr).toBe(0);
    expect(byWord.stdout.length).toBeGreaterThan(0);
    expect(byText.stdout).toBe(byWord.stdout);
    expect(bySteps.stdout).toBe(byWord.stdout);
  });

  it.each([
    [['run'], /name a pipeline/],
    [['run', 'redact | nosuch'], /no command "nosuch"/],
    [['run', 'redact | usage'], /usage writes text/],
    [['run', 'clip --nope 3'], /clip has no option --nope/],
    [['run', 'redact |'], /empty stage/],
    [['run', 'dedup-usage --keep middle'], /takes one of/],
  ])('refuses %j as a usage error', (args, message) => {
    const r = txpipe(args, { input: '{"a":1}\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('chain() in the library', () => {
  const file = fixture(FIXTURES[0] as string);

  async function through(stage: NodeJS.ReadWriteStream, text?: string): Promise<string> {
    const out = stringify();
    const done = bytesOf(out);
    done.catch(() => undefined); // a failed run rejects the pipeline below; this one is not awaited then
    const bytes = text !== undefined ? Buffer.from(text) : readFileSync(file);
    await pipeline(readRecords(Readable.from([bytes]), { source: '-' }), stage, out);
    return (await done).toString('utf8');
  }

  it('gives the same records from text, steps and built stages', async () => {
    const shell = shellPipeline(['redact', 'clip --limit 2KiB'], readFileSync(file, 'utf8'));
    expect(await through(chain('redact | clip --limit 2KiB'))).toBe(shell);
    expect(
      await through(
        chain([{ command: 'redact' }, { command: 'clip', options: { limit: '2KiB' } }]),
      ),
    ).toBe(shell);
    expect(await through(chain([redact(), clip({ limit: 2048 })]))).toBe(shell);
  });

  it('applies every default and checks every option at construction', () => {
    const [step] = pipelineSteps('dedup-usage');
    expect(step?.options?.keep).toBe('last');
    expect(() => chain([{ command: 'clip', options: { nope: 1 } }])).toThrow(/no option --nope/);
    expect(() => chain('clip "unclosed')).toThrow(/unclosed/);
  });

  it('re-emits the rejections of every stage, and fails as a whole when one stage fails', async () => {
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])),
    );
    const c = chain('redact | clip --max-line-bytes 200');
    const rejected: Rejection[] = [];
    c.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const input = `{"a":1}\n${wide}\n`;
    const out = await through(c, input);
    expect(out).toBe('{"a":1}\n');
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([[2, 'over-limit']]);
    const failing = new Transform({
      objectMode: true,
      transform: (_rec, _enc, done) => done(new Error('stage broke')),
    });
    await expect(through(chain([redact(), failing]), input)).rejects.toThrow('stage broke');
  });

  it('splits words as a shell does', () => {
    expect(splitPipeline(`redact|clip --field 'a b=3' --limit "1 KiB"\\|x`)).toEqual([
      ['redact'],
      ['clip', '--field', 'a b=3', '--limit', '1 KiB|x'],
    ]);
  });
});
