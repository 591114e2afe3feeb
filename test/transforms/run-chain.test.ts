import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { chain, pipelineSteps } from '../../src/transforms/chain.js';
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
    [['run', 'clip --nope 3'], /clip: Unknown option '--nope'/],
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

  async function through(stage: NodeJS.ReadWriteStream): Promise<string> {
    const out = stringify();
    const done = bytesOf(out);
    await pipeline(readRecords(Readable.from([readFileSync(file)]), { source: '-' }), stage, out);
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

  it('splits words as a shell does', () => {
    expect(splitPipeline(`redact|clip --field 'a b=3' --limit "1 KiB"\\|x`)).toEqual([
      ['redact'],
      ['clip', '--field', 'a b=3', '--limit', '1 KiB|x'],
    ]);
  });
});
