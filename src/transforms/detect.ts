import { Transform, type TransformCallback } from 'node:stream';
import { detectValue, tally, winner } from '../formats/detect.js';
import type { Rec } from '../stream/rec.js';
import { checkBoolean } from '../stream/check-option.js';
import { badOption } from '../stream/errors.js';
import { withDefaults } from '../stream/options.js';
import type { CommandBehaviour } from './spec.js';
import { detectDefaults } from './commands/detect.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { detectDefaults };

export interface DetectOptions {
  /** Report every record's format instead of each input's. */
  readonly lines?: boolean;
  /** How many records of an input to look at for its format. */
  readonly sample?: number;
  /**
   * The inputs in the order they are read. An input that gives no record (an empty file) is then
   * reported `unknown` in its place instead of being left out.
   */
  readonly inputs?: readonly string[];
}

/** Every option `detect` takes (a misspelt one is an error, not ignored). */
const detectOptionNames = optionNames<DetectOptions>({ lines: true, sample: true, inputs: true });

/**
 * `detect`: the format of each input (`<source>\t<format>`), decided by which adapter claims the
 * most of its first `sample` records, or of each record (`<source>:<line>\t<format>`). A value no
 * adapter claims is `unknown`; a line that is not JSON is `invalid`.
 */
export function detect(options: DetectOptions = {}): Transform {
  checkKnownOptions('detect', options, detectOptionNames);
  const { lines, sample, inputs } = withDefaults(detectDefaults, options);
  if (!(Number.isInteger(sample) && sample > 0)) {
    badOption(`sample must be a positive integer, got ${String(sample)}`);
  }
  checkBoolean('lines', lines);
  let current: string | undefined;
  let held: Rec[] = [];
  let next = 0; // the first of `inputs` not reported yet
  const verdict = (stage: Transform): void => {
    if (current === undefined) return;
    stage.push(`${current}\t${winner(tally(held)) ?? 'unknown'}\n`);
    held = [];
  };
  /** Reports the inputs before `source` (all of them at the end) that gave no record. */
  const silentUntil = (stage: Transform, source?: string): void => {
    const at = source === undefined ? inputs.length : inputs.indexOf(source, next);
    if (at < 0) return;
    for (; next < at; next++) stage.push(`${inputs[next]}\tunknown\n`);
    next = at + 1;
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
        silentUntil(this, rec.source);
        current = rec.source;
      }
      if (held.length < sample) held.push(rec);
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      verdict(this);
      if (!lines) silentUntil(this);
      done();
    },
  });
}

export const detectBehaviour: CommandBehaviour = {
  stages: (args, ctx) => [
    detect({ lines: args.lines as boolean, sample: args.sample as number, inputs: ctx.inputs }),
  ],
};
