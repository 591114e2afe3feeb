import { Transform, type TransformCallback } from 'node:stream';
import { badOption } from './errors.js';
import type { Line } from './lines.js';
import type { Rec } from './rec.js';
import { keepInvalidUtf8, keepRawBytes } from './raw-bytes.js';
import { rejectInvalid } from './rejection.js';
import { checkKnownOptions, optionNames } from './known-options.js';

/**
 * What to do with a line that is not JSON:
 * - `pass`: keep it as a record without `value` (marked `invalid`), so later stages see it
 *   (redact still redacts its text) and the writer decides;
 * - `skip`: drop it and report it;
 * - `error`: fail the stream with `ERR_TXPIPE_INVALID_JSON`.
 */
export type OnInvalid = 'pass' | 'skip' | 'error';

export interface ParseOptions {
  readonly onInvalid?: OnInvalid;
}

export const parseDefaults = { onInvalid: 'skip' } as const satisfies Required<ParseOptions>;

const ON_INVALID: readonly OnInvalid[] = ['pass', 'skip', 'error'];

/** Checks an `onInvalid` option once, at construction. */
export function checkOnInvalid(value: unknown): OnInvalid {
  if (!ON_INVALID.includes(value as OnInvalid)) {
    badOption(`onInvalid must be one of ${ON_INVALID.join(', ')}, got ${String(value)}`);
  }
  return value as OnInvalid;
}

/** True for a line with nothing but spaces, tabs or a carriage return. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** Turns one line into a record: JSON parsed, or marked invalid. `undefined` for a blank line. */
export function parseLine(line: Line): Rec | undefined {
  const { text } = line;
  if (text.length === 0 || isBlank(text)) return undefined;
  try {
    const rec: Rec = { raw: text, value: JSON.parse(text), line: line.line, source: line.source };
    if (line.bytes !== undefined) keepRawBytes(rec, line.bytes);
    if (line.invalidUtf8 !== undefined) keepInvalidUtf8(rec, line.invalidUtf8);
    return rec;
  } catch {
    const rec: Rec = {
      raw: text,
      line: line.line,
      source: line.source,
      invalid: line.unterminated ? 'truncated' : 'malformed',
    };
    if (line.bytes !== undefined) keepRawBytes(rec, line.bytes);
    return rec;
  }
}

/** Every option `parse` takes (a misspelt one is an error, not ignored). */
const parseOptionNames = optionNames<ParseOptions>({ onInvalid: true });

/**
 * Parses {@link Line}s into {@link Rec}s (DESIGN §3). Blank lines are skipped. Any JSON value is a
 * record, objects or not. A last line without a line break that is not JSON is taken as cut off by
 * a crash (`truncated`): it is skipped and reported in `skip` and `error` modes (it is not an
 * error), and passed on marked in `pass` mode, where `stringify` skips and reports it after the
 * other stages (redact) have seen it. A malformed line elsewhere follows `onInvalid`.
 */
export function parse(options: ParseOptions = {}): Transform {
  checkKnownOptions('parse', options, parseOptionNames);
  const onInvalid = checkOnInvalid(options.onInvalid ?? parseDefaults.onInvalid);
  return new Transform({
    objectMode: true,
    transform(this: Transform, line: Line, _enc: BufferEncoding, done: TransformCallback) {
      const rec = parseLine(line);
      if (rec === undefined) return done();
      if (rec.invalid === undefined || onInvalid === 'pass') {
        return done(null, rec);
      }
      done(rejectInvalid(this, rec, rec.invalid, onInvalid));
    },
  });
}
