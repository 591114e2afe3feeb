import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes of one block of held text (a longer text gets a block of its own size). */
const BLOCK = 1 << 20;

interface Block {
  /** Where the block's bytes start among all the text held. */
  readonly start: number;
  used: number;
  /** Its bytes while in memory; null once written to the spill file. */
  buf: Buffer | null;
}

/**
 * Text held until the end of input (run-record's tool arguments and results as JSON), kept out of
 * V8's heap: as UTF-8 bytes in 1 MiB blocks, so the heap does not grow to twice a live set that
 * is mostly this text, and, once more than `spillAfter` bytes are held, in a temporary file
 * (written a block at a time, read back with the page cache's help), so what stays in memory is
 * one block. The file is unlinked as soon as it is opened where the system allows it (it goes
 * with the process, whatever ends it), else removed by `close()` or at exit. Where no temporary
 * file can be made, or it can take no more (a full disk), the rest of the text stays in memory.
 *
 * `put` gives the text's place (a byte offset) and `get(at, bytes)` the text again.
 */
export class HeldText {
  readonly #blocks: Block[] = [];
  readonly #spillAfter: number;
  #size = 0;
  #fd: number | undefined;
  #removeAtExit: (() => void) | undefined;
  /** No temporary file could be made, or it could take no more: the rest is held in memory. */
  #noFile = false;

  /** `spillAfter`: bytes held in memory before the rest goes to a file (Infinity: never). */
  constructor(spillAfter: number) {
    this.#spillAfter = spillAfter;
  }

  /** Bytes held so far. */
  get size(): number {
    return this.#size;
  }

  /** Is the held text in a file? */
  get spilled(): boolean {
    return this.#fd !== undefined;
  }

  /** Holds `text`; its place, for `get` with the byte length `put` also returns. */
  put(text: string): { at: number; bytes: number } {
    let block = this.#blocks[this.#blocks.length - 1];
    let room = block?.buf ? block.buf.length - block.used : 0;
    if (block === undefined || room < text.length * 3) {
      const need = Buffer.byteLength(text);
      if (block === undefined || room < need) {
        // Once the text is in the file, the block just written is used again.
        let buf = block === undefined ? undefined : this.#sealed();
        if (buf === undefined || buf.length < need)
          buf = Buffer.allocUnsafeSlow(Math.max(BLOCK, need));
        block = { start: this.#size, used: 0, buf };
        this.#blocks.push(block);
        room = buf.length;
      }
    }
    const bytes = block.buf!.write(text, block.used, 'utf8');
    const at = block.start + block.used;
    block.used += bytes;
    this.#size += bytes;
    return { at, bytes };
  }

  /** The text held at `at` (`bytes` long). */
  get(at: number, bytes: number): string {
    const block = this.#blockAt(at);
    const from = at - block.start;
    if (block.buf) return block.buf.toString('utf8', from, from + bytes);
    const buf = Buffer.allocUnsafe(bytes);
    this.#read(at, bytes, buf, 0);
    return buf.toString('utf8');
  }

  #read(at: number, bytes: number, target: Buffer, pos: number): void {
    let got = 0;
    while (got < bytes) {
      const n = readSync(this.#fd!, target, pos + got, bytes - got, at + got);
      if (n === 0) throw new Error('run-record: the held text file ended early');
      got += n;
    }
  }

  /** Copies the text held at `at` (`bytes` long) into `target` at `pos`. */
  copy(at: number, bytes: number, target: Buffer, pos: number): void {
    const block = this.#blockAt(at);
    const from = at - block.start;
    if (block.buf) {
      block.buf.copy(target, pos, from, from + bytes);
      return;
    }
    this.#read(at, bytes, target, pos);
  }

  /** Lets go of the memory and the file. */
  close(): void {
    this.#blocks.length = 0;
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#removeAtExit?.();
  }

  /**
   * The last block is full: once enough is held, every block in memory is written to the file,
   * and the last one's buffer is given back to be used again.
   */
  #sealed(): Buffer | undefined {
    if (this.#fd === undefined && this.#size > this.#spillAfter && !this.#noFile) this.#open();
    if (this.#fd === undefined || this.#noFile) return undefined;
    let free: Buffer | undefined;
    for (const b of this.#blocks) {
      if (b.buf === null) continue;
      try {
        let done = 0;
        while (done < b.used) {
          done += writeSync(this.#fd, b.buf, done, b.used - done, b.start + done);
        }
      } catch {
        // The file cannot take more (a full disk, a quota): this block and the rest stay in
        // memory, as where no file could be made; what is already written is read from the file.
        this.#noFile = true;
        return undefined;
      }
      free = b.buf;
      b.buf = null;
    }
    return free;
  }

  #open(): void {
    let made: string | undefined;
    const path = (d: string): string => join(d, 'held-text');
    try {
      made = mkdtempSync(join(tmpdir(), 'txpipe-run-record-'));
      this.#fd = openSync(path(made), 'w+', 0o600);
    } catch {
      // No temporary file to be had (a read-only or full tmpdir): the text stays in memory.
      if (made !== undefined) rmSync(made, { recursive: true, force: true });
      this.#noFile = true;
      return;
    }
    const dir = made;
    try {
      unlinkSync(path(dir));
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Where an open file cannot be unlinked (Windows): removed when done, or at exit.
      const remove = (): void => {
        if (this.#fd !== undefined) closeSync(this.#fd);
        this.#fd = undefined;
        rmSync(dir, { recursive: true, force: true });
        process.off('exit', remove);
        this.#removeAtExit = undefined;
      };
      this.#removeAtExit = remove;
      process.on('exit', remove);
    }
  }

  #blockAt(at: number): Block {
    const blocks = this.#blocks;
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((blocks[mid] as Block).start <= at) lo = mid;
      else hi = mid - 1;
    }
    return blocks[lo] as Block;
  }
}
