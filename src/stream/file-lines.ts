import { LineSplitter, tooLongMessage, type LineSink } from './line-splitter.js';
import type { Line } from './lines.js';
import { parseLine } from './parse.js';
import type { Rejection } from './rejection.js';
import type { FileSink, Narrow, SplitFileOptions } from './split-file-sync.js';

/** One file's lines through a `LineSplitter`, parsed into records for the sink. */
export class FileLines {
  readonly #sink: FileSink;
  readonly #source: string;
  readonly #maxLineBytes: number;
  readonly #splitter: LineSplitter;
  readonly #tooLong: Rejection[] = [];
  readonly #narrow: Narrow = (needles) => this.#splitter.narrow(needles);
  readonly #lineSink: LineSink = {
    line: (line, start, end) => this.#record(line, start, end),
    tooLong: (line, bytes) => {
      const message = tooLongMessage(bytes, this.#maxLineBytes);
      this.#tooLong.push({ source: this.#source, line, reason: 'line-too-long', message });
      return undefined;
    },
  };

  constructor(o: SplitFileOptions, sink: FileSink) {
    this.#sink = sink;
    this.#source = o.source;
    this.#maxLineBytes = o.maxLineBytes;
    this.#splitter = new LineSplitter({
      source: o.source,
      maxLineBytes: o.maxLineBytes,
      select: o.select,
      linesBefore: o.from?.line,
    });
  }

  /** Lines split so far (blank ones and those before `from` too). */
  get lines(): number {
    return this.#splitter.lines;
  }
  /** The bytes of a last line not ended by a LF, held until `end`. */
  get heldBytes(): number {
    return this.#splitter.heldBytes;
  }

  write(chunk: Buffer): void {
    this.#splitter.write(chunk, this.#lineSink);
    this.#splitter.release(chunk); // the next chunk is read into the same buffer
  }

  /** Ends the file: its last line without LF, if any. */
  end(): void {
    this.#splitter.end(this.#lineSink);
  }

  /** The lines over `maxLineBytes` found since the last call. */
  takeTooLong(): Rejection[] {
    return this.#tooLong.splice(0);
  }

  #record(line: Line, start?: number, end?: number): void {
    const rec = parseLine(line);
    if (rec !== undefined) this.#sink.record(rec, this.#narrow, start, end);
  }
}
