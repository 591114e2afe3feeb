import { Groups, newAcc, tally, type Acc } from '../groups.js';
import { totalTokens } from '../tokens.js';
import { byKey, row, type UsageRow } from '../usage-row.js';
import type { Counted, ViewContext, ViewSum } from './view.js';

/** How long a Claude billing block lasts (ccusage's default session length: 5 hours). */
export const BLOCK_MS = 5 * 3_600_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A 5-hour billing block's row (ccusage `blocks --json`'s fields, named as txpipe's rows). */
export interface BlockRow extends UsageRow {
  /** The block's start: the hour (UTC) of its first reply; its end 5 hours later. */
  readonly start: string;
  readonly end: string;
  /** The last reply's time (none for a gap). */
  readonly actualEnd?: string;
  /** Its last reply less than 5 hours ago and its end not passed. */
  readonly active: boolean;
  /** A stretch of more than 5 hours with no reply between two blocks (no counts). */
  readonly gap: boolean;
  /** Active block: tokens (all, and input + output only) per minute and cost per hour so far. */
  readonly burnRate?: {
    readonly tokensPerMinute: number;
    readonly tokensPerMinuteForIndicator: number;
    readonly costPerHour: number;
  };
  /** Active block: its totals at its end at that rate. */
  readonly projection?: {
    readonly totalTokens: number;
    readonly totalCost: number;
    readonly remainingMinutes: number;
  };
}

interface Timed {
  readonly ms: number;
  readonly c: Counted;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Claude's 5-hour billing blocks, as ccusage computes them (`identify_session_blocks`): replies
 * in time order; a block starts at the UTC hour of its first reply and takes the replies until
 * one comes more than 5 hours after its start or after the reply before it; a gap of more than
 * 5 hours between replies is a gap block of its own. Replies without a time are in no block.
 */
export function blocksView(ctx: ViewContext): ViewSum {
  const timed: Timed[] = [];
  return {
    add(c) {
      const t = c.entry.time;
      const ms = t === undefined ? NaN : Date.parse(t);
      if (!Number.isNaN(ms)) timed.push({ ms, c });
    },
    rows() {
      timed.sort((a, b) => a.ms - b.ms);
      const out: BlockRow[] = [];
      let start: number | undefined;
      let block: Timed[] = [];
      for (const t of timed) {
        if (start !== undefined) {
          const last = block.at(-1)!.ms;
          if (t.ms - start > BLOCK_MS || t.ms - last > BLOCK_MS) {
            out.push(blockRow(start, block, ctx));
            if (t.ms - last > BLOCK_MS) out.push(gapRow(last + BLOCK_MS, t.ms));
            start = undefined;
            block = [];
          }
        }
        start ??= Math.floor(t.ms / HOUR) * HOUR;
        block.push(t);
      }
      if (start !== undefined) out.push(blockRow(start, block, ctx));
      return out;
    },
  };
}

function blockRow(start: number, entries: readonly Timed[], ctx: ViewContext): BlockRow {
  const acc: Acc = newAcc();
  const models: string[] = [];
  const byModel = new Groups();
  for (const { c } of entries) {
    tally(acc, c.entry.tokens, c.cost, c.unpriced);
    if (!models.includes(c.entry.model)) models.push(c.entry.model);
    if (ctx.breakdown) tally(byModel.at(c.entry.model), c.entry.tokens, c.cost, c.unpriced);
  }
  const end = start + BLOCK_MS;
  const first = entries[0]!.ms;
  const last = entries.at(-1)!.ms;
  const active = ctx.now - last < BLOCK_MS && ctx.now < end;
  const r = row(iso(start), acc);
  const minutes = (last - first) / MINUTE;
  const burn =
    active && minutes > 0
      ? {
          tokensPerMinute: r.total / minutes,
          tokensPerMinuteForIndicator: (r.input + r.output) / minutes,
          costPerHour: (acc.cost / minutes) * 60,
        }
      : undefined;
  const remaining = Math.round((end - ctx.now) / MINUTE);
  return {
    ...r,
    models,
    ...(ctx.breakdown ? { breakdown: byKey([...byModel.byKey].map(([m, b]) => row(m, b))) } : {}),
    start: iso(start),
    end: iso(end),
    actualEnd: iso(last),
    active,
    gap: false,
    ...(burn
      ? {
          burnRate: burn,
          projection: {
            totalTokens: Math.round(totalTokens(acc.tokens) + burn.tokensPerMinute * remaining),
            totalCost: Math.round((acc.cost + (burn.costPerHour / 60) * remaining) * 100) / 100,
            remainingMinutes: remaining,
          },
        }
      : {}),
  };
}

function gapRow(start: number, next: number): BlockRow {
  return {
    ...row(`gap-${iso(start)}`, newAcc()),
    start: iso(start),
    end: iso(next),
    active: false,
    gap: true,
  };
}
