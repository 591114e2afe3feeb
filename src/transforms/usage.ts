import { statSync } from 'node:fs';
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
import { ProgressBar } from '../usage/progress-bar.js';
import { UsageRecordReader } from '../usage/usage-reader.js';
import { UsageTotals, type UsageReport } from '../usage/usage-totals.js';
import type { CommandBehaviour, WholeFileReader } from './spec.js';
import { UsageFilesAhead } from './usage-files-ahead.js';
import { workersAllowed } from '../stream/workers-allowed.js';
import { UsageCache } from '../usage/cache/cached-file-usage.js';
import { usageCacheDir } from '../usage/cache/cache-location.js';
import { usageDefaults, type UsageFormat } from './commands/usage.js';
import { ready, usageFormats } from './usage-formats.js';

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
  /** Where a progress bar goes (none when absent). */
  readonly progress?: NodeJS.WritableStream;
  /**
   * The size in bytes of each input, for the progress bar: an input counts as read in full when
   * the next one starts (most of its lines never reach this stage, see `UsageFormats.needles`).
   */
  readonly progressSizes?: ReadonlyMap<string, number>;
  /** Called with the report before it is written (for library users). */
  readonly onReport?: (report: UsageReport) => void;
}

/** Input size from which `txpipe usage` shows a progress bar on a terminal. */
export const PROGRESS_MIN_BYTES = 50e6;

const FORMATS: readonly UsageFormat[] = ['table', 'json', 'csv'];

/**
 * `usage`: reads transcripts of any format that has a usage extractor (claude-code, rupu,
 * flockdeck, auto-swe) and writes the totals of input, output, cache-write and cache-read tokens
 * by session, model and day, as a table, JSON or CSV (and, with `html`, a page with charts).
 */
export function usage(options: UsageOptions = {}): Transform {
  const o = withDefaults(usageDefaults, options);
  if (!FORMATS.includes(o.format)) badOption(`format must be one of ${FORMATS.join(', ')}`);
  const totals = new UsageTotals({
    keep: checkKeep(o.keep),
    maxSeenKeys: checkBound('maxSeenKeys', o.maxSeenKeys),
  });
  const sample = checkBound('sample', o.sample);
  // The reader needs the formats' usage facets: a stage built before they are loaded waits.
  const readerLoad = afterLoad(
    facetsPending('usage'),
    () => new UsageRecordReader(sample, usageFormats()),
  );
  const topSessions = checkBound('topSessions', o.topSessions);
  const sizes = o.progressSizes ?? new Map<string, number>();
  let total = 0;
  for (const n of sizes.values()) total += n;
  const bar = o.progress ? new ProgressBar(o.progress, total) : undefined;
  let source: string | undefined;
  let inSource = 0; // bytes ticked for the current input
  const nextSource = (next: string | undefined): void => {
    if (source !== undefined) bar?.tick(Math.max(0, (sizes.get(source) ?? 0) - inSource));
    source = next;
    inSource = 0;
  };
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
        nextSource(chunk.source);
      }
      inSource += chunk.bytes;
      bar?.tick(chunk.bytes);
      for (const r of chunk.rejections) emitReject(stage, r);
      for (const e of chunk.entries) totals.add(e);
      return done();
    }
    const rec = chunk;
    if (reader.isNewSource(rec)) {
      totals.endReply();
      endInput(stage, reader);
      nextSource(rec.source);
    }
    inSource += rec.raw.length + 1;
    bar?.tick(rec.raw.length + 1);
    if (rec.invalid !== undefined) emitReject(stage, invalidRejection(rec, rec.invalid));
    for (const e of reader.read(rec)) totals.add(e);
    done();
  }

  function end(stage: Transform, reader: UsageRecordReader, done: TransformCallback): void {
    endInput(stage, reader);
    nextSource(undefined);
    bar?.end();
    const report = totals.report();
    o.onReport?.(report);
    void write(stage, report).then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  /** The report in its format, and the HTML page; each renderer is loaded when it is used. */
  async function write(stage: Transform, report: UsageReport): Promise<void> {
    stage.push((await renderers[o.format]())(report));
    if (o.html === undefined) return;
    const { renderHtml } = await import('../usage/render-html.js');
    await writeFile(o.html, renderHtml(report, { topSessions })).catch((err: unknown) => {
      throw outputError(err, o.html!);
    });
  }
}

/** The renderer of each report format, imported only by a run that writes that format. */
const renderers: Readonly<Record<UsageFormat, () => Promise<(r: UsageReport) => string>>> = {
  json: () => Promise.resolve(renderJson),
  table: async () => (await import('../usage/render-text.js')).renderTable,
  csv: async () => (await import('../usage/render-text.js')).renderCsv,
};

function renderJson(r: UsageReport): string {
  return JSON.stringify(r, null, 2) + '\n';
}

/** The size of each input, or undefined when one cannot be known (standard input). */
function inputSizes(inputs: readonly string[]): Map<string, number> | undefined {
  const sizes = new Map<string, number>();
  for (const p of inputs) {
    if (p === '-') return undefined;
    try {
      sizes.set(p, statSync(p).size);
    } catch {
      return undefined; // the reader reports the unreadable input; the bar is only a courtesy
    }
  }
  return sizes;
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
      const cache = new UsageCache({
        dir: usageCacheDir(args.cacheDir as string | undefined),
        formats,
        sample,
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
    const errTTY = (ctx.stderr as { isTTY?: boolean }).isTTY === true;
    const sizes = errTTY ? inputSizes(ctx.inputs) : undefined;
    let bytes = 0;
    for (const n of sizes?.values() ?? []) bytes += n;
    return [
      usage({
        format,
        html: args.html as string | undefined,
        keep: args.keep as KeepPolicy | undefined,
        maxSeenKeys: args.maxSeenKeys as number | undefined,
        topSessions: args.topSessions as number | undefined,
        progress: bytes >= PROGRESS_MIN_BYTES ? ctx.stderr : undefined,
        progressSizes: sizes,
      }),
    ];
  },
};
