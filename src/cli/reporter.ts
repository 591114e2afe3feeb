import { createWriteStream, type WriteStream } from 'node:fs';
import type { Rejection } from '../stream/rejection.js';

/** How many rejected lines the stderr summary names before it only counts. */
const LISTED = 20;

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
 * Collects the lines a run did not write: it keeps them verbatim in `--reject-file` (through
 * `clean`, so redact can scrub them) and prints a summary to stderr at the end.
 */
export class Reporter {
  readonly rejections: Rejection[] = [];
  count = 0;
  private readonly file: WriteStream | undefined;

  constructor(
    rejectFile: string | undefined,
    private readonly clean: (raw: string) => string = (raw) => raw,
  ) {
    this.file = rejectFile ? createWriteStream(rejectFile) : undefined;
    // An unwritable reject file fails the run at the end (see close), not the process at once.
    this.file?.on('error', (err) => (this.error ??= err));
  }

  private error: Error | undefined;

  readonly add = (r: Rejection): void => {
    this.count++;
    if (this.rejections.length < LISTED) this.rejections.push(r);
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
    const lines = this.rejections.map(
      (r) => `  ${r.source}:${r.line}: ${r.reason}: ${cliMessage(r)}`,
    );
    if (this.count > this.rejections.length) {
      lines.push(`  ... and ${this.count - this.rejections.length} more`);
    }
    const noun = this.count === 1 ? 'line' : 'lines';
    return `txpipe: ${this.count} ${noun} not written:\n${lines.join('\n')}\n`;
  }
}
