// One engine (issue 25), as a property over commands and real fixtures: the same inputs through
// the built CLI (spawned as a user runs it), `runPipeline`, and the Transform factories
// (readInputs + the stages + stringify, piped) give the same bytes and reject as many lines.
import { spawnSync } from 'node:child_process';
import { Readable, Writable, type Duplex, type Transform } from 'node:stream';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cat,
  chain,
  clip,
  convert,
  dedupUsage,
  pipelineToEnd,
  readInputs,
  redact,
  REJECT_EVENT,
  runPipeline,
  stringify,
} from '../../src/index.js';
import { env, ensureBuilt } from '../cli/run.js';
import { bin, fixture, repoRoot } from '../shared.js';

/** A command line, and the same stages built by the library's factories. */
interface Command {
  readonly pipeline: string;
  readonly factories: () => (Transform | Duplex)[];
}

const COMMANDS: readonly Command[] = [
  { pipeline: 'cat', factories: () => [cat()] },
  { pipeline: 'redact', factories: () => [redact()] },
  { pipeline: 'redact --pii', factories: () => [redact({ pii: true })] },
  { pipeline: 'clip --limit 1KiB', factories: () => [clip({ limit: '1KiB' })] },
  { pipeline: 'clip --omit-binary', factories: () => [clip({ omitBinary: true })] },
  { pipeline: 'dedup-usage', factories: () => [dedupUsage()] },
  { pipeline: 'convert --to run-record', factories: () => [convert({ to: 'run-record' })] },
  { pipeline: 'convert --to txpipe', factories: () => [convert({ to: 'txpipe' })] },
  {
    pipeline: 'redact | clip --limit 2KiB',
    factories: () => [chain('redact | clip --limit 2KiB')],
  },
  { pipeline: 'dedup-usage | redact', factories: () => [chain('dedup-usage | redact')] },
  {
    pipeline: 'convert --to txpipe | redact',
    factories: () => [chain('convert --to txpipe | redact')],
  },
];

/** Real fixtures: folders (a session with its subagents) and files of every format. */
const INPUTS: readonly string[] = [
  fixture('claude-code', 'marot-spotter'),
  fixture('claude-code', 'd-kimuson-claude-code-viewer'),
  fixture('flockdeck', 'claude_stream', 'home'),
  fixture('flockdeck', 'claude_more'),
  fixture('slow-powers', 'record-runs'),
  fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'),
  fixture('awf', 'claude', 'input.jsonl'),
  fixture('rupu', 'run_smoke.jsonl'),
  fixture('eval-magic', 'claude-stream-json', 'claude-events.jsonl'),
];

/** The bytes a stream is given. */
function collector(): { sink: Writable; bytes: () => string } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(c: Buffer, _e, done) {
      chunks.push(Buffer.from(c));
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks).toString('latin1') };
}

/** The built CLI: `txpipe CMD ...` for one command, `txpipe run '...'` for several. */
function viaCli(command: Command, inputs: readonly string[]): { bytes: string; rejected: number } {
  const words = command.pipeline.includes('|')
    ? ['run', command.pipeline]
    : command.pipeline.split(' ');
  const r = spawnSync(process.execPath, [bin, ...words, ...inputs], {
    cwd: repoRoot,
    env,
    encoding: 'latin1',
    maxBuffer: 1 << 30,
  });
  expect(r.status, r.stderr).toBe(0);
  const counted = /txpipe: (\d+) lines? not written/.exec(r.stderr);
  return { bytes: r.stdout, rejected: counted ? Number(counted[1]) : 0 };
}

async function viaRunPipeline(
  command: Command,
  inputs: readonly string[],
): Promise<{ bytes: string; rejected: number }> {
  const out = collector();
  const result = await runPipeline({ inputs, pipeline: command.pipeline, output: out.sink });
  return { bytes: out.bytes(), rejected: result.rejected };
}

/** The factories, piped as a library user writes it: records, stages, stringify. */
async function viaFactories(
  command: Command,
  inputs: readonly string[],
): Promise<{ bytes: string; rejected: number }> {
  const out = collector();
  const records = readInputs(inputs, { onInvalid: 'pass' });
  const stages = [...command.factories(), stringify()];
  let rejected = 0;
  for (const s of stages) s.on(REJECT_EVENT, () => rejected++);
  await pipelineToEnd(Readable.from(records), ...stages, out.sink);
  return { bytes: out.bytes(), rejected: rejected + records.rejected };
}

const RUNS = Number(process.env.TXPIPE_PROPERTY_RUNS ?? 20);

describe('the CLI, runPipeline and the factories give the same bytes', () => {
  beforeAll(() => ensureBuilt());

  it('for every command over real fixtures, files and folders in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMMANDS),
        fc.shuffledSubarray([...INPUTS], { minLength: 1, maxLength: 3 }),
        async (command, inputs) => {
          const cli = viaCli(command, inputs);
          expect(cli.bytes.length, command.pipeline).toBeGreaterThan(0);
          expect(await viaRunPipeline(command, inputs), 'runPipeline').toEqual(cli);
          expect(await viaFactories(command, inputs), 'factories').toEqual(cli);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
