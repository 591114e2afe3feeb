import { stat } from 'node:fs/promises';

/** What has been read so far, for one progress line. */
export interface ProgressState {
  readonly bytes: number;
  readonly lines: number;
  readonly elapsedMs: number;
  /** The input's size, when every input is a plain file; undefined for stdin or gzip. */
  readonly totalBytes?: number;
}

const size = (n: number): string =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(2)} GB`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(1)} MB`
      : `${Math.round(n / 1e3)} kB`;

const clock = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
};

/** One progress line: `12.3 MB, 45,000 lines, 35.2 MB/s, 0:12 left` (the last part when known). */
export function progressLine(p: ProgressState): string {
  const rate = p.elapsedMs > 0 ? (p.bytes / p.elapsedMs) * 1000 : 0;
  const parts = [
    p.totalBytes !== undefined ? `${size(p.bytes)} of ${size(p.totalBytes)}` : size(p.bytes),
    `${p.lines.toLocaleString('en-US')} lines`,
    `${size(rate)}/s`,
  ];
  if (p.totalBytes !== undefined && rate > 0) {
    parts.push(`${clock(((p.totalBytes - Math.min(p.bytes, p.totalBytes)) / rate) * 1000)} left`);
  }
  return `txpipe: ${parts.join(', ')}`;
}

/** The total size of the inputs, when all are plain files (not stdin, not gzip). */
export async function inputsSize(inputs: readonly string[]): Promise<number | undefined> {
  if (inputs.some((i) => i === '-' || i.endsWith('.gz'))) return undefined;
  try {
    const sizes = await Promise.all(inputs.map(async (i) => (await stat(i)).size));
    return sizes.reduce((a, b) => a + b, 0);
  } catch {
    return undefined;
  }
}

/**
 * Progress of a long run on stderr, for people: redrawn in place every `everyMs` once the run has
 * lasted `afterMs`, erased at the end. The caller creates it only when stderr is a terminal and
 * `--quiet` is not given. Records are counted as they are read (their text's length stands for
 * their bytes).
 */
export class RunProgress {
  private bytes = 0;
  private lines = 0;
  private shown = false;
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly stderr: NodeJS.WritableStream,
    private readonly totalBytes: number | undefined,
    { everyMs = 250, afterMs = 1000 } = {},
  ) {
    this.timer = setInterval(() => {
      if (Date.now() - this.started >= afterMs) this.draw();
    }, everyMs);
    this.timer.unref();
  }

  /**
   * Counts a chunk that went to the stages: a record (its `raw` text), a part of a whole file
   * `usage` read (`FileUsage`: the bytes it covers), or another object (nothing).
   */
  readonly count = (chunk: unknown): void => {
    const c = chunk as { raw?: unknown; kind?: unknown; bytes?: unknown };
    if (typeof c.raw === 'string') {
      this.lines++;
      this.bytes += c.raw.length + 1;
    } else if (c.kind === 'file-usage' && typeof c.bytes === 'number') {
      this.bytes += c.bytes;
    }
  };

  draw(): void {
    const line = progressLine({
      bytes: this.bytes,
      lines: this.lines,
      elapsedMs: Date.now() - this.started,
      totalBytes: this.totalBytes,
    });
    this.stderr.write(`\r\x1b[2K${line}`);
    this.shown = true;
  }

  /** Stops and erases the line. */
  end(): void {
    clearInterval(this.timer);
    if (this.shown) this.stderr.write('\r\x1b[2K');
  }
}
