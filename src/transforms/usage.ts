import { writeFile } from 'node:fs/promises';
import { outputError } from '../stream/input.js';
import { Transform, type TransformCallback } from 'node:stream';
import { afterLoad } from '../stream/after-load.js';
import { withDefaults } from '../stream/options.js';
import { facetsPending } from '../formats/registry.js';
import { badOption } from '../stream/errors.js';
import type { Rec } from '../stream/rec.js';
import { emitReject, invalidRejection } from '../stream/rejection.js';
import { isFileUsage, readFileUsage, type FileUsage } from '../usage/file-usage.js';
import { checkBound, checkKeep, type KeepPolicy } from '../usage/keep-policy.js';
import { UsageRecordReader } from '../usage/usage-reader.js';
import { UsageTotals, type UsageReport } from '../usage/usage-totals.js';
import { loadPriceList } from '../usage/prices.js';
import { checkTimeZone, LocalCalendar } from '../usage/local-time.js';
import { timeWindow, type TimeWindow } from '../usage/time-window.js';
import { VIEW_NAMES, VIEWS, type ViewName } from '../usage/views/registry.js';
import type { CommandBehaviour, WholeFileReader } from './spec.js';
import { UsageFilesAhead } from './usage-files-ahead.js';
import { workersAllowed } from '../stream/workers-allowed.js';
import { UsageCache } from '../usage/cache/cached-file-usage.js';
import { usageCacheDir } from '../usage/cache/cache-location.js';
import { usageDefaults, type UsageFormat } from './commands/usage.js';
import { ready, usageFormats } from './usage-formats.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { usageDefaults, usageFormats, ready, type UsageFormat };

export interface UsageOptions {
  /** How the report is written: a table for people, JSON or CSV for programs. */
  readonly format?: UsageFormat;
  /** Also write the report as a self-contained HTML page with charts to this file. */
  readonly html?: string;
  /** Which of a reply's repeated usage reports counts (see dedupUsage). */
  readonly keep?: KeepPolicy;
  /** How many reply keys are remembered to leave out copies (least recently seen out first). */
  readonly maxSeenKeys?: number;
  /** Records of an input looked at to find its format. */
  readonly sample?: number;
  /** How many of the costliest sessions the HTML page charts. */
  readonly topSessions?: number;
  /** Called with the report before it is written (for library users). */
  readonly onReport?: (report: UsageReport) => void;
  /** The views of the report, in order (default: session, model, day). */
  readonly by?: readonly ViewName[];
  /** Each row also has its counts by model. */
  readonly breakdown?: boolean;
  /** Day, week and month boundaries, and `since`/`until` dates: this zone (default: the system's). */
  readonly timeZone?: string;
  /** The first day of a week: `sunday` (default, as ccusage) or `monday`. */
  readonly startOfWeek?: 'sunday' | 'monday';
  /** Only reports from this time on (`YYYYMMDD`, `YYYY-MM-DD`: the day's start; or an ISO date-time). */
  readonly since?: string;
  /** Only reports up to this time (a date: the day's end; or an ISO date-time). */
  readonly until?: string;
  /** The time now, for the active billing block (default: the clock when the report is made). */
  readonly now?: number;
  /** A price table file (JSON, the shape of `PriceList`) instead of the built-in prices. */
  readonly prices?: string;
}

/** The first day of a week `startOfWeek` names, as a day of the week (0: Sunday). */
const WEEK_STARTS: Readonly<Record<string, number>> = { sunday: 0, monday: 1 };

/** The checked views of `by` (a usage error names an unknown one). */
function checkViews(by: readonly string[] | undefined): ViewName[] | undefined {
  if (by === undefined) return undefined;
  for (const v of by) {
    if (!Object.hasOwn(VIEWS, v))
      badOption(`by must be one of ${VIEW_NAMES.join(', ')} (got ${v})`);
  }
  return by as ViewName[];
}

/** The span, time zone and views a `usage` run reports (checked: a bad value is a usage error). */
export function reportScope(o: UsageOptions): {
  readonly calendar: LocalCalendar;
  readonly window: TimeWindow | undefined;
} {
  // The system's zone (no --timezone) is Date's own: no Intl to start (~50 ms).
  const calendar = new LocalCalendar(
    o.timeZone === undefined ? undefined : checkTimeZone(o.timeZone),
  );
  return { calendar, window: timeWindow(o.since, o.until, calendar) };
}

const FORMATS: readonly UsageFormat[] = ['table', 'json', 'csv'];

/** Every option `usage` takes (a misspelt one is an error, not ignored). */
const usageOptionNames = optionNames<UsageOptions>({
  format: true,
  html: true,
  keep: true,
  maxSeenKeys: true,
  sample: true,
  topSessions: true,
  onReport: true,
  by: true,
  breakdown: true,
  timeZone: true,
  startOfWeek: true,
  since: true,
  until: true,
  now: true,
  prices: true,
});

/**
 * `usage`: reads transcripts of any format that has a usage extractor (claude-code, rupu,
 * flockdeck, auto-swe) and writes the totals of input, output, cache-write and cache-read tokens
 * by session, model and day, as a table, JSON or CSV (and, with `html`, a page with charts).
 */
export function usage(options: UsageOptions = {}): Transform {
  checkKnownOptions('usage', options, usageOptionNames);
  const o = withDefaults(usageDefaults, options);
  if (!FORMATS.includes(o.format)) badOption(`format must be one of ${FORMATS.join(', ')}`);
  const { calendar, window } = reportScope(o);
  const startOfWeek = WEEK_STARTS[o.startOfWeek ?? 'sunday'];
  if (startOfWeek === undefined) badOption('startOfWeek must be sunday or monday');
  const totals = new UsageTotals({
    keep: checkKeep(o.keep),
    maxSeenKeys: checkBound('maxSeenKeys', o.maxSeenKeys),
    by: checkViews(o.by),
    breakdown: o.breakdown,
    calendar,
    startOfWeek,
    window,
    now: o.now,
    prices: o.prices === undefined ? undefined : loadPriceList(o.prices),
  });
  /** Each view's title (the table's and the page's; JSON has none, so no zone name is looked up). */
  const titles = (): Record<string, string> =>
    Object.fromEntries(VIEW_NAMES.map((n) => [VIEWS[n].field, VIEWS[n].title(totals.context)]));
  const sample = checkBound('sample', o.sample);
  // The reader needs the formats' usage facets: a stage built before they are loaded waits.
  const readerLoad = afterLoad(
    facetsPending('usage'),
    () => new UsageRecordReader(sample, usageFormats()),
  );
  const topSessions = checkBound('topSessions', o.topSessions);
  /** Ends the streamed input being read, reporting what its reader finds wrong with its end. */
  const endInput = (stage: Transform, reader: UsageRecordReader): void => {
    const ended = reader.end();
    if (ended !== undefined) emitReject(stage, ended);
  };
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(chunk: Rec | FileUsage, _enc: BufferEncoding, done: TransformCallback) {
      readerLoad.use((reader) => take(this, reader, chunk, done), done);
    },
    flush(this: Transform, done: TransformCallback) {
      readerLoad.use((reader) => end(this, reader, done), done);
    },
  });

  function take(
    stage: Transform,
    reader: UsageRecordReader,
    chunk: Rec | FileUsage,
    done: TransformCallback,
  ): void {
    if (isFileUsage(chunk)) {
      if (chunk.continues !== true) {
        totals.endReply();
        endInput(stage, reader);
      }
      for (const r of chunk.rejections) emitReject(stage, r);
      for (const e of chunk.entries) totals.add(e, chunk.source);
      return done();
    }
    const rec = chunk;
    if (reader.isNewSource(rec)) {
      totals.endReply();
      endInput(stage, reader);
    }
    if (rec.invalid !== undefined) emitReject(stage, invalidRejection(rec, rec.invalid));
    for (const e of reader.read(rec)) totals.add(e, rec.source);
    done();
  }

  function end(stage: Transform, reader: UsageRecordReader, done: TransformCallback): void {
    endInput(stage, reader);
    const report = totals.report();
    o.onReport?.(report);
    void write(stage, report).then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  /** The report in its format, and the HTML page; each renderer is loaded when it is used. */
  async function write(stage: Transform, report: UsageReport): Promise<void> {
    stage.push((await renderers[o.format]())(report, titles));
    if (o.html === undefined) return;
    const { renderHtml } = await import('../usage/render-html.js');
    await writeFile(o.html, renderHtml(report, { topSessions, titles: titles() })).catch(
      (err: unknown) => {
        throw outputError(err, o.html!);
      },
    );
  }
}

/** Renders a report; `titles`: each view's title, by its field (made when asked for). */
type Render = (r: UsageReport, titles: () => Readonly<Record<string, string>>) => string;

/** The renderer of each report format, imported only by a run that writes that format. */
const renderers: Readonly<Record<UsageFormat, () => Promise<Render>>> = {
  json: () => Promise.resolve(renderJson),
  table: async () => (await import('../usage/render-text.js')).renderTable,
  csv: async () => (await import('../usage/render-text.js')).renderCsv,
};

function renderJson(r: UsageReport): string {
  return JSON.stringify(r, null, 2) + '\n';
}

/**
 * From how many bytes of input files `usage` reads them on a worker thread too: the environment
 * variable TXPIPE_USAGE_WORKER_MIN_BYTES; unset (the default) or TXPIPE_WORKERS=0, never. Opt-in while it is
 * unproven: on the shared 2-core machine it was measured on it gave no gain (bench/RESULTS.md).
 */
function workerMinBytes(): number | undefined {
  if (!workersAllowed()) return undefined;
  const n = Number(process.env.TXPIPE_USAGE_WORKER_MIN_BYTES ?? NaN);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export const usageBehaviour: CommandBehaviour = {
  outputFiles: (args) => [{ path: args.html as string | undefined, option: '--html' }],
  select: () => usageFormats().needles,
  readFile: (args, ctx) => {
    const formats = usageFormats();
    const sample = usageDefaults.sample;
    if (args.cache !== false) {
      const { window } = reportScope(scopeArgs(args));
      const cache = new UsageCache({
        dir: usageCacheDir(args.cacheDir as string | undefined),
        formats,
        sample,
        window,
        warn: (m) => ctx.stderr.write(`txpipe: ${m}\n`),
      });
      const cached: WholeFileReader = (path, limits) => Promise.resolve(cache.read(path, limits));
      cached.close = () => cache.close();
      return cached;
    }
    let ahead: UsageFilesAhead | undefined | null = null; // null until the first input
    const read: WholeFileReader = async (path, limits) => {
      if (ahead === null) {
        const minBytes = workerMinBytes();
        ahead =
          minBytes === undefined
            ? undefined
            : UsageFilesAhead.start(ctx.inputs, limits, {
                formats,
                sample,
                workerUrl: new URL('./usage-worker.js', import.meta.url),
                minBytes,
              });
      }
      return ahead ? ahead.read(path) : readFileUsage(path, { ...limits, formats, sample });
    };
    read.close = () => ahead?.close();
    return read;
  },
  stages(args, ctx) {
    const picked = (['json', 'csv', 'table'] as const).filter((f) => args[f] === true);
    if (picked.length > 1) badOption(`choose one of --json, --csv, --table`);
    const format: UsageFormat = picked[0] ?? (ctx.stdoutIsTTY ? 'table' : 'json');
    return [
      usage({
        format,
        html: args.html as string | undefined,
        keep: args.keep as KeepPolicy | undefined,
        maxSeenKeys: args.maxSeenKeys as number | undefined,
        topSessions: args.topSessions as number | undefined,
        by: byArg(args.by) as ViewName[] | undefined,
        breakdown: args.breakdown === true,
        ...scopeArgs(args),
        startOfWeek: args.startOfWeek as 'sunday' | 'monday' | undefined,
        prices: args.prices as string | undefined,
      }),
    ];
  },
};

/** `--by day,model --by week`: the views named, in order. */
function byArg(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  const list = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
  return list.map((x) => x.trim()).filter((x) => x !== '');
}

/** The options of the command line that set a report's span and time zone. */
function scopeArgs(args: Readonly<Record<string, unknown>>): UsageOptions {
  return {
    timeZone: args.timezone as string | undefined,
    since: args.since as string | undefined,
    until: args.until as string | undefined,
  };
}
