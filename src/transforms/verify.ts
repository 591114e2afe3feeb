import { Transform, type TransformCallback } from 'node:stream';
import { emitReject } from '../stream/rejection.js';
import { isVerification, renderVerification, verifyStored } from '../formats/auto-swe/verify.js';
import type { CommandBehaviour } from './spec.js';

/**
 * The `verify` stage: writes each input's report, and reports an input that did not verify as a
 * rejection (`rejectionsFail`: the run then exits 1). An input read as records (standard input)
 * is not a stored transcript.
 */
export function verify(): Transform {
  const refused = new Set<string>();
  const fail = (stage: Transform, source: string, message: string): void =>
    emitReject(stage, { source, line: 0, reason: 'format', message });
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(this: Transform, chunk: unknown, _enc: BufferEncoding, done: TransformCallback) {
      if (isVerification(chunk)) {
        if (chunk.failure !== undefined) fail(this, chunk.source, `verify: ${chunk.failure}`);
        return done(null, renderVerification(chunk));
      }
      const source = (chunk as { source?: string }).source ?? '-';
      if (refused.has(source)) return done();
      refused.add(source);
      fail(this, source, 'verify: not a stored transcript folder');
      done(null, `${source}\tFAILED: not a stored transcript folder\n`);
    },
  });
}

export const verifyBehaviour: CommandBehaviour = {
  stages: () => [verify()],
  readFile: () => (path) => Promise.resolve([verifyStored(path)]),
  rejectionsFail: true,
};
