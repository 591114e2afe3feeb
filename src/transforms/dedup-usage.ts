import type { Transform } from 'node:stream';
import { withDefaults } from '../stream/options.js';
import { withValue, type Rec } from '../stream/rec.js';
import {
  recordTransformAfter,
  type RecordLogic,
  type StageContext,
} from '../stream/record-transform.js';
import { badOption } from '../stream/errors.js';
import { facetOf, facetsPending, loadFacets } from '../formats/registry.js';
import {
  checkBound,
  checkKeep,
  outputReplacer,
  replacer,
  type KeepPolicy,
  type ReplyReport,
} from '../usage/keep-policy.js';
import { SeenKeys } from '../usage/seen-keys.js';
import { detectValue } from '../formats/detect.js';
import type { DedupReader } from '../usage/usage-dedup.js';
import type { CommandBehaviour } from './spec.js';
import { dedupUsageDefaults } from './commands/dedup-usage.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { dedupUsageDefaults };

export interface DedupUsageOptions {
  /** Which of a reply's usage reports is kept (the others lose their `usage`). */
  readonly keep?: KeepPolicy;
  /** Reply keys remembered, least recently seen out first; a reply seen again loses its usage. */
  readonly maxSeenKeys?: number;
  /** Records held while a reply is open; past it the reply is closed early. */
  readonly maxHeldRecords?: number;
  /** Bytes (of `raw`) held while a reply is open; past it the reply is closed early. */
  readonly maxHeldBytes?: number;
  /** `progress` lines of type `agent_progress`: `strip` their copy of a subagent's usage, or `keep` it. */
  readonly progressUsage?: 'strip' | 'keep';
}

/**
 * Resolves once the usage facets of every format are loaded: the command's `load()` awaits it
 * before building the stages (a stage built before waits for it before its first record).
 * Not a top-level await: the CLI's own build of this command and `require('txpipe')` are CommonJS.
 */
export const ready: Promise<void> = loadFacets('usage');

/**
 * The format whose repeated usage `dedupUsage` removes: Claude Code's, whose adapter's usage
 * extractor says where a reply's reports sit (`UsageExtractor.dedup`).
 */
const DEDUP_FORMAT = 'claude-code';

/** Every option `dedupUsage` takes (a misspelt one is an error, not ignored). */
const dedupUsageOptionNames = optionNames<DedupUsageOptions>({
  keep: true,
  maxSeenKeys: true,
  maxHeldRecords: true,
  maxHeldBytes: true,
  progressUsage: true,
});

/**
 * `dedupUsage`: Claude Code repeats a reply's `usage` on each of the reply's entries (they share
 * `message.id` and `requestId`). This keeps it on exactly one entry per reply (by `keep`) and
 * removes it from the others, so that summing `usage` over the output gives the true total.
 * A reply's entries are consecutive: they are held (with the lines between them) until an entry of
 * another reply, the end of the input, or a held-records/bytes bound ends the reply. A reply whose
 * key was already seen (a resumed session's copy of history) loses its usage on every entry.
 * Entries without `message.id` are counted each and pass unchanged; records of other formats too.
 */
export function dedupUsage(options: DedupUsageOptions = {}): Transform {
  checkKnownOptions('dedupUsage', options, dedupUsageOptionNames);
  const o = withDefaults(dedupUsageDefaults, options);
  const keep = checkKeep(o.keep);
  const replace = replacer(keep);
  const seen = new SeenKeys(checkBound('maxSeenKeys', o.maxSeenKeys));
  const maxRecords = checkBound('maxHeldRecords', o.maxHeldRecords);
  const maxBytes = checkBound('maxHeldBytes', o.maxHeldBytes);
  if (o.progressUsage !== 'strip' && o.progressUsage !== 'keep') {
    badOption(`progressUsage must be strip or keep, got ${String(o.progressUsage)}`);
  }
  const stripProgress = o.progressUsage === 'strip';
  return recordTransformAfter(facetsPending('usage'), (): RecordLogic => {
    const {
      site: usageSite,
      key: replyKey,
      strip: stripUsage,
      report: reportOfValue,
    } = facetOf(DEDUP_FORMAT, 'usage')!.dedup!;
    const reportOf = (rec: Rec): ReplyReport => reportOfValue(rec.value as Record<string, unknown>);

    let source: string | undefined;
    let key: string | undefined; // the open reply's key; undefined when no reply is open
    let held: Rec[] = [];
    let heldBytes = 0;
    let usageAt: number[] = []; // indexes in `held` of the open reply's usage entries
    let kept = -1;
    let keptReport: ReplyReport = { output: 0, total: 0 };

    const strip = (rec: Rec, site: 'reply' | 'progress'): Rec =>
      withValue(rec, stripUsage(rec.value as Record<string, unknown>, site));

    const endReply = (ctx: StageContext): void => {
      if (key === undefined) return;
      for (const i of usageAt) if (i !== kept) held[i] = strip(held[i] as Rec, 'reply');
      for (const r of held) ctx.push(r);
      seen.add(key);
      key = undefined;
      held = [];
      heldBytes = 0;
      usageAt = [];
    };

    const hold = (rec: Rec, ctx: StageContext): undefined => {
      held.push(rec);
      heldBytes += rec.raw.length;
      if (held.length >= maxRecords || heldBytes >= maxBytes) endReply(ctx);
      return undefined;
    };

    // An input whose format has its own reading of replies (its usage extractor's `dedupReader`,
    // auto-swe's), decided by its first JSON record.
    let own: DedupReader | undefined;
    let decided = false;
    const endOwn = (ctx: StageContext): void => {
      for (const r of own?.end() ?? []) ctx.push(r);
      own = undefined;
    };

    return {
      transform(rec, ctx) {
        if (rec.source !== source) {
          endReply(ctx);
          endOwn(ctx);
          decided = false;
          source = rec.source;
        }
        if (!decided && rec.value !== undefined) {
          decided = true;
          const reader = facetOf(detectValue(rec.value)?.id, 'usage')?.dedupReader;
          if (reader) {
            own = reader({
              replace: outputReplacer(keep),
              maxSeenKeys: o.maxSeenKeys,
              maxHeldRecords: maxRecords,
              maxHeldBytes: maxBytes,
            });
          }
        }
        if (own) return own.take(rec);
        const site = usageSite(rec.value);
        if (site === undefined || (site === 'progress' && !stripProgress)) {
          return key === undefined ? rec : hold(rec, ctx);
        }
        if (site === 'progress') {
          const out = strip(rec, site);
          return key === undefined ? out : hold(out, ctx);
        }
        const k = replyKey(rec.value as Record<string, unknown>);
        if (k !== undefined && k === key) {
          const report = reportOf(rec);
          if (replace(keptReport, report)) {
            kept = held.length;
            keptReport = report;
          }
          usageAt.push(held.length);
          return hold(rec, ctx);
        }
        endReply(ctx);
        if (k === undefined) return rec;
        if (seen.has(k)) return strip(rec, 'reply');
        key = k;
        kept = 0;
        keptReport = reportOf(rec);
        usageAt = [0];
        return hold(rec, ctx);
      },
      flush(ctx) {
        endReply(ctx);
        endOwn(ctx);
      },
    };
  });
}

export const dedupUsageBehaviour: CommandBehaviour = {
  stages: (args) => [
    dedupUsage({
      keep: args.keep as KeepPolicy | undefined,
      maxSeenKeys: args.maxSeenKeys as number | undefined,
      maxHeldRecords: args.maxHeldRecords as number | undefined,
      maxHeldBytes: args.maxHeldBytes as number | undefined,
      progressUsage: args.progressUsage as 'strip' | 'keep' | undefined,
    }),
  ],
};
