import { createWriteStream, type WriteStream } from 'node:fs';
import type { Rejection } from '../stream/rejection.js';

/** How many rejected lines the stderr summary names before it only counts. */
export const LISTED = 20;

/** What a Reporter keeps besides the count, and who else hears of each rejection. */
export interface ReporterOptions {
  /** The rejections kept in `rejections` (the first ones); the count goes on (LISTED). */
  readonly keep?: number;
  /** Called with every rejection, in order. */
  readonly onReject?: (r: Rejection) => void;
}

/**
 * A rejection's message as the command line words it: the reader's `maxLineBytes` is the flag
 * `--max-input-line-bytes` there (a stage's own options are worded by `flagWording`).
 */
export function cliMessage(r: Rejection): string {
  return r.reason === 'line-too-long'
    ? r.message.replace(/\bmaxLineBytes\b/g, '--max-input-line-bytes')
    : r.message;
}

/**
 * Collects the lines a run did not write: counts them, keeps the first few, hands each to
 * `onReject`, keeps them verbatim in a reject file (through `clean`, so redact can scrub them),
 * and words the summary the CLI prints to stderr at the end.
 */
export class Reporter {
  readonly rejections: Rejection[] = [];
  count = 0;
  private readonly file: WriteStream | undefined;
  private readonly keep: number;
  private readonly onReject: ((r: Rejection) => void) | undefined;

  constructor(
    rejectFile: string | undefined,
    private readonly clean: (raw: string) => string = (raw) => raw,
    options: ReporterOptions = {},
  ) {
    this.keep = options.keep ?? LISTED;
    this.onReject = options.onReject;
    this.file = rejectFile ? createWriteStream(rejectFile) : undefined;
    // An unwritable reject file fails the run at the end (see close), not the process at once.
    this.file?.on('error', (err) => (this.error ??= err));
  }

  private error: Error | undefined;

  readonly add = (r: Rejection): void => {
    this.count++;
    if (this.rejections.length < this.keep) this.rejections.push(r);
    this.onReject?.(r);
    if (this.file && !this.error && r.raw !== undefined) this.file.write(this.clean(r.raw) + '\n');
  };

  /** Closes the reject file; resolves when it is on disk, rejects when it could not be written. */
  async close(): Promise<void> {
    const file = this.file;
    if (!file) return;
    if (this.error) throw this.error;
    await new Promise<void>((resolve, reject) => {
      file.once('error', reject);
      // The file may fail to open only now (a run that read its input at once): end's callback
      // then gets the error.
      file.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
  }

  /** The stderr summary, or '' when nothing was rejected. */
  summary(): string {
    if (this.count === 0) return '';
    const lines = this.rejections
      .slice(0, LISTED)
      .map((r) => `  ${r.source}:${r.line}: ${r.reason}: ${cliMessage(r)}`);
    if (this.count > lines.length) {
      lines.push(`  ... and ${this.count - lines.length} more`);
    }
    const noun = this.count === 1 ? 'line' : 'lines';
    return `txpipe: ${this.count} ${noun} not written:\n${lines.join('\n')}\n`;
  }
}
