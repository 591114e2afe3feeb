import { Transform, type TransformCallback } from 'node:stream';
import { detectValue, tally, winner } from '../formats/detect.js';
import type { Rec } from '../stream/rec.js';
import { withDefaults } from '../stream/options.js';
import type { CommandSpec } from './spec.js';

export interface DetectOptions {
  /** Report every record's format instead of each input's. */
  readonly lines?: boolean;
  /** How many records of an input to look at for its format. */
  readonly sample?: number;
}

export const detectDefaults: Readonly<Required<DetectOptions>> = { lines: false, sample: 200 };

/**
 * `detect`: the format of each input (`<source>\t<format>`), decided by which adapter claims the
 * most of its first `sample` records, or of each record (`<source>:<line>\t<format>`). A value no
 * adapter claims is `unknown`; a line that is not JSON is `invalid`.
 */
export function detect(options: DetectOptions = {}): Transform {
  const { lines, sample } = withDefaults(detectDefaults, options);
  let current: string | undefined;
  let held: Rec[] = [];
  const verdict = (stage: Transform): void => {
    if (current === undefined) return;
    stage.push(`${current}\t${winner(tally(held)) ?? 'unknown'}\n`);
    held = [];
  };
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(this: Transform, rec: Rec, _enc: BufferEncoding, done: TransformCallback) {
      if (lines) {
        const id = rec.value === undefined ? 'invalid' : (detectValue(rec.value)?.id ?? 'unknown');
        return done(null, `${rec.source}:${rec.line}\t${id}\n`);
      }
      if (rec.source !== current) {
        verdict(this);
        current = rec.source;
      }
      if (held.length < sample) held.push(rec);
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      verdict(this);
      done();
    },
  });
}

export const detectCommand: CommandSpec = {
  name: 'detect',
  summary: 'Say which format each input (or, with --lines, each line) is in',
  options: {
    lines: { type: 'boolean', describe: 'Report the format of every line', default: false },
    sample: {
      type: 'number',
      describe: 'Records of each input to look at',
      default: detectDefaults.sample,
    },
  },
  output: 'text',
  stages: (args) => [detect({ lines: args.lines as boolean, sample: args.sample as number })],
};
