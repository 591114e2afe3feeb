import type { Transform } from 'node:stream';
import { codecOf } from '../formats/codecs.js';
import { readOrReject } from '../formats/record-rejected.js';
import { detectValue } from '../formats/detect.js';
import { facetOf, facetsPending, formatIds, getFormat, loadFacets } from '../formats/registry.js';
import { eventsReplayer } from '../replay/events-replayer.js';
import type { Replayer } from '../replay/replayer.js';
import { TxpipeError, badOption } from '../stream/errors.js';
import { withDefaults } from '../stream/options.js';
import type { Rec } from '../stream/rec.js';
import { checkValueDepth } from '../stream/depth.js';
import { settledRec } from '../stream/stringify.js';
import { recordTransformAfter, type StageContext } from '../stream/record-transform.js';
import type { CommandBehaviour } from './spec.js';
import { replayDefaults } from './commands/replay.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { replayDefaults };

export interface ReplayOptions {
  /** The input format; detected per input from its first record an adapter claims. */
  readonly from?: string;
  /** Most records held while the format of an input is not known yet. */
  readonly holdLimit?: number;
}

/**
 * Resolves once every format's reader and replay facet is loaded: the command's `load()` awaits
 * it (a stage built before waits for it before its first record). Not a top-level await, so
 * CommonJS can `require()` the package.
 */
export const ready: Promise<void> = loadFacets('replay', 'codec');

/** A format's own replay rules (its adapter's `replay` facet), else a replay of its events. */
function replayerFor(id: string, source: string): Replayer {
  const native = facetOf(id, 'replay');
  if (native) return native(source);
  const { decoder } = codecOf(id);
  if (!decoder) badOption(`format ${id} cannot be replayed (it cannot be read yet)`);
  return eventsReplayer(decoder({ source }), id, source);
}

/** Every option `replay` takes (a misspelt one is an error, not ignored). */
const replayOptionNames = optionNames<ReplayOptions>({ from: true, holdLimit: true });

/**
 * `replay`: rebuilds the conversation the provider saw, as a messages array, one output record
 * `{session, source, format, messages}` per session, written when its input ends. rupu v2
 * follows the spec's replay rules; other formats (Claude Code) are rebuilt from canonical events.
 */
export function replay(options: ReplayOptions = {}): Transform {
  checkKnownOptions('replay', options, replayOptionNames);
  const o = withDefaults(replayDefaults, options);
  if (o.from !== undefined && !getFormat(o.from)) {
    badOption(`unknown format ${o.from}; known: ${formatIds.join(', ')}`);
  }
  if (!Number.isInteger(o.holdLimit) || o.holdLimit < 1)
    badOption('holdLimit must be a positive integer');
  let source: string | undefined;
  let replayer: Replayer | undefined;
  let waiting: Rec[] = [];

  const add = (rec: Rec, ctx: StageContext): void => {
    if (rec.invalid) {
      ctx.reject({
        source: rec.source,
        line: rec.line,
        reason: rec.invalid,
        message: 'not JSON',
        raw: rec.raw,
      });
      return;
    }
    readOrReject(rec, ctx, (r) => replayer!.add(settledRec(r)));
  };
  /**
   * The records of the input read so far, one at a time as they are asked for (at the end of
   * input the CLI writes a few at a time, so they need not all exist at once), then the records
   * of no known format rejected.
   */
  function* ended(ctx: StageContext): Generator<Rec> {
    const done = replayer;
    const held = waiting;
    replayer = undefined;
    waiting = [];
    if (done) {
      for (const r of done.end())
        yield { raw: '', value: r, line: 0, source: r.source, changed: true };
    }
    for (const rec of held) {
      ctx.reject({
        source: rec.source,
        line: rec.line,
        reason: 'format',
        message: 'no known format',
        raw: rec.raw,
      });
    }
  }
  const endSource = (ctx: StageContext): void => {
    for (const rec of ended(ctx)) ctx.push(rec);
  };

  return recordTransformAfter(facetsPending('replay', 'codec'), () => ({
    transform(rec, ctx) {
      checkValueDepth(rec.value); // readers walk it: a too-deep line is rejected
      if (rec.source !== source) {
        endSource(ctx);
        source = rec.source;
      }
      if (!replayer) {
        const id = o.from ?? (rec.value !== undefined ? detectValue(rec.value)?.id : undefined);
        if (id === undefined) {
          if (waiting.length >= o.holdLimit) {
            throw new TxpipeError(
              'ERR_TXPIPE_FORMAT',
              `no known format in the first ${o.holdLimit} records`,
              {
                source: rec.source,
                line: rec.line,
              },
            );
          }
          waiting.push(rec);
          return;
        }
        replayer = replayerFor(id, rec.source);
        const held = waiting;
        waiting = [];
        for (const r of held) add(r, ctx);
      }
      add(rec, ctx);
    },
    flush(ctx) {
      return ended(ctx);
    },
  }));
}

export const replayBehaviour: CommandBehaviour = {
  stages: (args) => [replay({ from: args.from as string | undefined })],
};
