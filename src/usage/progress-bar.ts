/**
 * A progress bar for people on a terminal: `[#####.....]  48%  96/200 MB`, redrawn in place on
 * `stream` each time another percent is done, and erased at the end.
 */
export class ProgressBar {
  readonly #stream: NodeJS.WritableStream;
  readonly #total: number;
  #done = 0;
  #shown = -1;

  constructor(stream: NodeJS.WritableStream, totalBytes: number) {
    this.#stream = stream;
    this.#total = Math.max(1, totalBytes);
  }

  /** Counts `bytes` more as read. */
  tick(bytes: number): void {
    this.#done += bytes;
    const pct = Math.min(100, Math.floor((this.#done / this.#total) * 100));
    if (pct === this.#shown) return;
    this.#shown = pct;
    const filled = Math.round(pct / 4);
    const mb = (n: number): string => (n / 1e6).toFixed(0);
    this.#stream.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(25 - filled)}] ${String(pct).padStart(3)}%  ${mb(Math.min(this.#done, this.#total))}/${mb(this.#total)} MB`,
    );
  }

  /** Erases the bar. */
  end(): void {
    if (this.#shown >= 0) this.#stream.write('\r\x1b[2K');
  }
}
