import type { Readable, Transform, Writable } from 'node:stream';
import { inputError, openInput } from '../stream/input.js';
import { LineSplitter, tooLongMessage } from '../stream/line-splitter.js';
import { linesDefaults, type Line } from '../stream/lines.js';
import type { OnInvalid } from '../stream/parse.js';
import { parseLine } from '../stream/parse.js';
import type { Rejection } from '../stream/rejection.js';
import { StageDriver } from '../stream/stage-driver.js';
import { recText } from '../stream/stringify.js';
import { EXIT } from './exit-codes.js';
import { cliMessage, Reporter } from './reporter.js';

/** What the line filter needs from the run. */
export interface LineFilterRun {
  readonly inputs: readonly string[];
  readonly stages: readonly Transform[];
  readonly out: Writable;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin?: Readable;
  /** `pass`: a failed line is written through (cleaned); otherwise as a JSON error object. */
  readonly onInvalid: OnInvalid;
  readonly maxLineBytes?: number;
  readonly rejectFile?: string;
  readonly quiet: boolean;
  /** How the command cleans a line it could not process (redact's text-level redaction). */
  readonly clean?: (raw: string) => string;
  /** The most bytes a line written may have (clip's `--max-line-bytes`); none when absent. */
  readonly maxOutputLineBytes?: number;
}

/** One line's place in the input, or a line too long to be held. */
type Item = { line: Line } | { tooLong: number; bytes: number };

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * The one-line JSON object written in place of a line that could not be processed, at most
 * `bound` bytes: whole if it fits, else its message cut (ending in `…`), then without its source
 * and message, then the reason alone; an empty line when not even that fits.
 */
export function errorLine(r: Rejection, bound = Infinity): string {
  const whole = JSON.stringify({
    error: { reason: r.reason, message: r.message, source: r.source, line: r.line },
  });
  if (utf8(whole) <= bound) return whole;
  const room = bound - utf8(whole) + utf8(JSON.stringify(r.message)) - 2 - 3; // the … is 3 bytes
  if (room > 0) {
    const message = `${Buffer.from(r.message)
      .subarray(0, room)
      .toString('utf8')
      .replace(/\uFFFD+$/, '')}\u2026`;
    const cut = JSON.stringify({
      error: { reason: r.reason, message, source: r.source, line: r.line },
    });
    if (utf8(cut) <= bound) return cut;
  }
  for (const e of [{ reason: r.reason, line: r.line }, { reason: r.reason }]) {
    const text = JSON.stringify({ error: e });
    if (utf8(text) <= bound) return text;
  }
  return '';
}

/**
 * `--line-filter`: the contract of engines that pipe records through a process one line at a
 * time and pair its output lines with their input lines (Redpanda Connect's `subprocess`,
 * Fluentd's `exec_filter`). Exactly one line out per line in, in order, written as soon as that
 * line is done (never held for a batch while input is idle). A line that is not JSON, that a
 * stage rejects or fails on, is written through (cleaned as the command cleans rejected lines)
 * with `--on-invalid pass`, or else as a one-line JSON error object; never dropped, and it never
 * ends the run. Nothing but those lines goes to standard output; the failures are also reported
 * as any run reports them (stderr summary, `--reject-file`).
 */
export async function runLineFilter(run: LineFilterRun): Promise<number> {
  const clean = run.clean ?? ((raw: string) => raw);
  const reporter = new Reporter(run.rejectFile, clean);
  const driver = new StageDriver(run.stages);
  const maxLineBytes = run.maxLineBytes ?? linesDefaults.maxLineBytes;
  const write = async (text: string): Promise<void> => {
    if (!run.out.write(`${text}\n`)) {
      await new Promise((resolve) => run.out.once('drain', resolve));
    }
  };
  const bound = run.maxOutputLineBytes ?? Infinity;
  const failed = async (r: Rejection, text: string | undefined): Promise<void> => {
    reporter.add(r);
    // Written through only within the bound on output lines; else as its error object (fitted).
    const through = run.onInvalid === 'pass' && text !== undefined ? clean(text) : undefined;
    await write(through !== undefined && utf8(through) <= bound ? through : errorLine(r, bound));
  };

  const answer = async (source: string, item: Item): Promise<void> => {
    if ('tooLong' in item) {
      const message = tooLongMessage(item.bytes, maxLineBytes);
      return failed({ source, line: item.tooLong, reason: 'line-too-long', message }, undefined);
    }
    const rec = parseLine(item.line);
    if (rec === undefined) return write(''); // a blank line is answered by a blank line
    let result;
    try {
      result = await driver.process(rec);
    } catch (err) {
      const message = (err as Error).message;
      return failed({ source, line: rec.line, reason: 'format', message, raw: rec.raw }, rec.raw);
    }
    const [first] = result.rejected;
    if (first !== undefined) return failed(first, rec.raw);
    const [out, ...more] = result.out;
    if (out === undefined || more.length > 0) {
      const message = `the stages gave ${result.out.length} records for one line`;
      return failed({ source, line: rec.line, reason: 'format', message, raw: rec.raw }, rec.raw);
    }
    if (out.invalid !== undefined) {
      const message =
        out.invalid === 'truncated' ? 'last line cut off (not JSON)' : 'line is not JSON';
      return failed(
        { source, line: rec.line, reason: out.invalid, message, raw: out.raw },
        out.raw,
      );
    }
    return write(recText(out));
  };

  for (const source of run.inputs) {
    const input = source === '-' && run.stdin ? run.stdin : openInput(source);
    const splitter = new LineSplitter({ source, maxLineBytes });
    const items: Item[] = [];
    const sink = {
      line: (line: Line) => void items.push({ line }),
      tooLong: (lineNo: number, bytes: number) => {
        items.push({ tooLong: lineNo, bytes });
        return undefined;
      },
    };
    try {
      for await (const chunk of input) {
        splitter.write(chunk as Buffer, sink);
        for (const item of items.splice(0)) await answer(source, item);
      }
      splitter.end(sink);
      for (const item of items.splice(0)) await answer(source, item);
    } catch (err) {
      run.stderr.write(`txpipe: ${(inputError(err, source) as Error).message}\n`);
      return EXIT.failure;
    }
  }
  if (run.out !== process.stdout) await new Promise((resolve) => run.out.end(resolve));
  await reporter.close();
  if (!run.quiet && reporter.count > 0) {
    const noun = reporter.count === 1 ? 'line' : 'lines';
    const listed = reporter.rejections.map(
      (r) => `  ${r.source}:${r.line}: ${r.reason}: ${cliMessage(r)}`,
    );
    run.stderr.write(
      `txpipe: ${reporter.count} ${noun} could not be processed (written ${run.onInvalid === 'pass' ? 'through' : 'as error objects'}):\n${listed.join('\n')}\n`,
    );
  }
  return EXIT.ok;
}
