import type { Transform } from 'node:stream';
import type { ContentBlock } from '../formats/awf/content-block.js';
import type { AgentNormalizer } from '../formats/awf/normalizers/agent-normalizer.js';
import { getNormalizer, normalizerIds } from '../formats/awf/normalizers/registry.js';
import { ShapeError } from '../formats/awf/normalizers/shape.js';
import { checkBoolean } from '../stream/check-option.js';
import { badOption } from '../stream/errors.js';
import { withDefaults } from '../stream/options.js';
import type { Rec } from '../stream/rec.js';
import { checkValueDepth } from '../stream/depth.js';
import { recordTransform } from '../stream/record-transform.js';
import type { CommandBehaviour } from './spec.js';
import { normalizeDefaults } from './commands/normalize.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { normalizeDefaults };

export interface NormalizeOptions {
  /** The agent whose output the input is (`claude`, `codex`, `copilot`, `gemini`, `openai-compatible`). */
  readonly agent: string;
  /**
   * Write one pretty-printed JSON array of every block (AWF's golden-file layout, byte for byte)
   * instead of one block per line. The array is held until the end: at most `maxBlocks` blocks.
   */
  readonly array?: boolean;
  /** The bound on blocks held for `array`. */
  readonly maxBlocks?: number;
}

export type LineOutcome = { readonly blocks: readonly ContentBlock[] } | { readonly error: string };

/**
 * The blocks of one input record for one agent. A line that is not JSON is repaired when the agent
 * has a repair (Codex's raw NULs) and parsed again; a line that still is not JSON, or whose fields
 * have the wrong types, is an error for that line only (AWF gives no blocks for it).
 */
export function normalizeRecord(n: AgentNormalizer, rec: Rec): LineOutcome {
  let value = rec.value;
  if (rec.invalid !== undefined) {
    if (!n.repair) return { error: 'line is not JSON' };
    try {
      value = JSON.parse(n.repair(rec.raw));
    } catch {
      return { error: 'line is not JSON' };
    }
  }
  try {
    return { blocks: n.blocks(value) };
  } catch (err) {
    if (err instanceof ShapeError) return { error: `not ${n.id} output: ${err.message}` };
    throw err;
  }
}

/** AWF's golden-file text for blocks: a JSON array indented by two spaces (no final newline). */
export function blocksText(blocks: readonly ContentBlock[]): string {
  return JSON.stringify(blocks, null, 2);
}

/** Every option `normalize` takes (a misspelt one is an error, not ignored). */
const normalizeOptionNames = optionNames<NormalizeOptions>({
  agent: true,
  array: true,
  maxBlocks: true,
});

/**
 * `normalize`: an agent's stdout (JSON Lines) to AWF ContentBlocks, as AWF's normalizers make them
 * for `message.assistant` payloads. Lines of types the agent's normalizer does not know give no
 * blocks; unreadable lines are rejected (reported) and reading goes on.
 */
export function normalize(options: NormalizeOptions): Transform {
  checkKnownOptions('normalize', options, normalizeOptionNames);
  const opts = withDefaults(normalizeDefaults, options);
  const n = typeof opts.agent === 'string' ? getNormalizer(opts.agent) : undefined;
  if (opts.agent === undefined) badOption(`--agent is required (${normalizerIds.join(', ')})`);
  if (!n) badOption(`unknown agent ${String(opts.agent)}; known: ${normalizerIds.join(', ')}`);
  if (!Number.isInteger(opts.maxBlocks) || opts.maxBlocks < 1) {
    badOption(`maxBlocks must be a positive integer, not ${String(opts.maxBlocks)}`);
  }
  checkBoolean('array', opts.array);
  const held: ContentBlock[] = [];
  let last: Rec | undefined;
  return recordTransform({
    transform(rec, ctx) {
      checkValueDepth(rec.value); // normalizers walk it: a too-deep line is rejected
      last = rec;
      const got = normalizeRecord(n, rec);
      if ('error' in got) {
        ctx.reject({
          source: rec.source,
          line: rec.line,
          reason: 'malformed',
          message: got.error,
          raw: rec.raw,
        });
        return [];
      }
      const out: Rec[] = got.blocks.map((b) => ({
        raw: '',
        value: b,
        line: rec.line,
        source: rec.source,
        format: 'awf-block',
        changed: true,
      }));
      if (!opts.array) return out;
      if (held.length + out.length > opts.maxBlocks) {
        badOption(`more than ${opts.maxBlocks} blocks for --array; raise --max-blocks`);
      }
      for (const r of out) held.push(r.value as ContentBlock);
      return [];
    },
    flush(ctx) {
      if (!opts.array) return;
      // The whole array is one record whose text is the pretty-printed array (not re-serialised).
      ctx.push({ raw: blocksText(held), value: held, line: 0, source: last?.source ?? '-' });
    },
  });
}

export const normalizeBehaviour: CommandBehaviour = {
  stages: (args) => [
    normalize({
      agent: args.agent as string,
      array: args.array as boolean,
      maxBlocks: args.maxBlocks as number,
    }),
  ],
};
