import { createReadStream, readFileSync } from 'node:fs';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readRecords } from '../../src/stream/read-records.js';
import type { Rec } from '../../src/stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';

export interface Ran {
  readonly recs: Rec[];
  readonly rejections: Rejection[];
}

/**
 * Reads files as the CLI does (onInvalid 'pass', one input after another) through one stage and
 * collects what it emits and rejects. `chunk` feeds the bytes in pieces of that size.
 */
export async function runStage(
  files: readonly string[],
  stage: Transform,
  chunk?: number,
): Promise<Ran> {
  const recs: Rec[] = [];
  const rejections: Rejection[] = [];
  stage.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
  const inputs = async function* () {
    for (const f of files) {
      const bytes = chunk ? Readable.from(pieces(readFileSync(f), chunk)) : createReadStream(f);
      const rr = readRecords(bytes, { source: f, onInvalid: 'pass' });
      rr.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
      for await (const rec of rr) yield rec as Rec;
    }
  };
  await pipeline(Readable.from(inputs()), stage, async (src: AsyncIterable<Rec>) => {
    for await (const r of src) recs.push(r);
  });
  return { recs, rejections };
}

function* pieces(buf: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

export { recText as text } from '../../src/stream/stringify.js';
