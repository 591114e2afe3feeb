import type { Readable } from 'node:stream';
import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';
import { readRecords } from '../stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../stream/rejection.js';
import { openSource } from './inputs.js';

/** How one input is read, and where its reports go. */
export interface SourceReading {
  readonly framing: Framing | 'auto';
  readonly onInvalid: OnInvalid;
  readonly maxLineBytes?: number;
  /** Strings one of which a line must hold (a text command's `select`). */
  readonly select?: readonly string[];
  /** What `-` reads (standard input when absent). */
  readonly stdin?: Readable;
  readonly reject: (r: Rejection) => void;
}

/**
 * One input's records through `readRecords` (gzip, framing sniffed), named by `source`; the
 * input's own reports (a stored transcript's part that fails) and the reader's go to `reject`.
 */
export async function sourceRecords(source: string, how: SourceReading): Promise<Readable> {
  const input = source === '-' && how.stdin ? how.stdin : await openSource(source);
  input.on(REJECT_EVENT, how.reject);
  const recs = readRecords(input, {
    source,
    framing: how.framing,
    onInvalid: how.onInvalid,
    ...(how.maxLineBytes === undefined ? {} : { maxLineBytes: how.maxLineBytes }),
    ...(how.select === undefined ? {} : { select: how.select }),
  });
  recs.on(REJECT_EVENT, how.reject);
  return recs;
}
