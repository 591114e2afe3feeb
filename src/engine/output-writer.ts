import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

const LF = 0x0a;

/**
 * The end of a run: hands the output's bytes to `dest` (a file or standard output), with
 * backpressure, and only as whole lines. Bytes after the last line break seen are held until the
 * rest of their line comes; at the end of the output they are written as they are (a text
 * output's last line), but after {@link OutputWriter.cut} (a signal) they are dropped, so the
 * output never ends in the middle of a line. It is not part of the stages' pipeline: when a stage
 * fails, what reached it is still written (see runCommand).
 */
export class OutputWriter extends Writable {
  /** Bytes handed to `dest`. */
  written = 0;
  /** Bytes of a line cut off by {@link cut} and not written. */
  dropped = 0;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private isCut = false;
  private failure: Error | undefined;

  constructor(
    private readonly dest: Writable,
    private readonly endDest: boolean,
    /** Called when `dest` fails (a full disk, a reader gone). */
    onError: (err: Error) => void,
  ) {
    super({ decodeStrings: true });
    dest.on('error', (err) => {
      this.failure ??= err;
      onError(err);
      this.destroy(err);
    });
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    const nl = chunk.lastIndexOf(LF);
    if (nl < 0) {
      this.hold(chunk);
      return done();
    }
    for (const part of this.held) this.send(part);
    this.held = [];
    this.heldBytes = 0;
    const ok = this.send(nl === chunk.length - 1 ? chunk : chunk.subarray(0, nl + 1));
    if (nl < chunk.length - 1) this.hold(chunk.subarray(nl + 1));
    if (ok) done();
    else this.dest.once('drain', () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.isCut) this.dropped += this.heldBytes;
    else for (const part of this.held) this.send(part);
    this.held = [];
    this.heldBytes = 0;
    done();
  }

  /** From now on the output ends at the last whole line: a line not yet whole is dropped. */
  cut(): void {
    this.isCut = true;
  }

  /** Ends `dest` (a file) or lets it drain (standard output); rejects when it cannot be written. */
  async close(): Promise<void> {
    // A failed write destroys `dest` at once and emits its error a little later.
    const failed = this.failure ?? this.dest.errored;
    if (failed) throw failed;
    if (this.dest.destroyed) return;
    if (this.endDest) {
      if (!this.dest.writableEnded) this.dest.end();
      await finished(this.dest);
      if (this.failure) throw this.failure;
    } else if (this.dest.writableLength > 0) {
      await new Promise((resolve) => this.dest.once('drain', resolve).once('error', resolve));
    }
  }

  private hold(part: Buffer): void {
    this.held.push(part);
    this.heldBytes += part.length;
  }

  private send(part: Buffer): boolean {
    this.written += part.length;
    return this.dest.write(part);
  }
}
