import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import { RunLinker, type RunNode } from '../formats/awf/run-linker.js';
import { badOption } from '../stream/errors.js';
import { openInput } from '../stream/input.js';
import { withDefaults } from '../stream/options.js';
import { readRecords } from '../stream/read-records.js';
import type { Rec } from '../stream/rec.js';
import { checkValueDepth } from '../stream/depth.js';
import { recordTransform } from '../stream/record-transform.js';
import type { CommandBehaviour } from './spec.js';
import { awfTreeDefaults } from './commands/awf-tree.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { awfTreeDefaults };

export interface AwfTreeOptions {
  /** The most runs whose linkage is held until the end of input. */
  readonly maxRuns?: number;
}

/** Every option `awfTree` takes (a misspelt one is an error, not ignored). */
const awfTreeOptionNames = optionNames<AwfTreeOptions>({ maxRuns: true });

/**
 * `awf-tree`: reads AWF transcripts (a directory of them, at any depth) and writes one record per
 * root run: the run with its sub-workflow runs nested in `children`, at any depth, assembled
 * through `child_run_id` and `parent_run_id`. A child named but not found is `missing`; a run
 * whose parent was not found is a root marked `parentMissing`. Lines that are not envelopes are
 * ignored.
 */
export function awfTree(options: AwfTreeOptions = {}): Transform {
  checkKnownOptions('awfTree', options, awfTreeOptionNames);
  const { maxRuns } = withDefaults(awfTreeDefaults, options);
  if (!Number.isInteger(maxRuns) || maxRuns < 1) {
    badOption(`maxRuns must be a positive integer, not ${String(maxRuns)}`);
  }
  const linker = new RunLinker(maxRuns);
  return recordTransform({
    transform(rec) {
      checkValueDepth(rec.value); // trees are written whole: a too-deep line is rejected
      if (rec.value !== undefined) linker.add(rec.value, rec.source);
      return [];
    },
    flush(ctx) {
      for (const tree of linker.trees()) {
        const rec: Rec = { raw: '', value: tree, line: 0, source: '-', changed: true };
        ctx.push(rec);
      }
    },
  });
}

/** Every `.jsonl` / `.ndjson` file below `dir` (gzipped or not), in name order. */
async function transcripts(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return names
    .filter((n) => /\.(jsonl|ndjson)(\.gz)?$/.test(n))
    .sort()
    .map((n) => join(dir, n));
}

/** The run trees of the AWF transcripts in a directory (at any depth). */
export async function readAwfTree(dir: string, options: AwfTreeOptions = {}): Promise<RunNode[]> {
  const { maxRuns } = withDefaults(awfTreeDefaults, options);
  const linker = new RunLinker(maxRuns);
  for (const file of await transcripts(dir)) {
    for await (const rec of readRecords(openInput(file), { source: file, onInvalid: 'skip' })) {
      const r = rec as Rec;
      if (r.value !== undefined) linker.add(r.value, file);
    }
  }
  return linker.trees();
}

export const awfTreeBehaviour: CommandBehaviour = {
  stages: (args) => [awfTree({ maxRuns: args.maxRuns as number })],
};
