// Every exported factory checks its options when it is called: a wrong type or value throws a
// TxpipeError (ERR_TXPIPE_BAD_OPTION) naming the option, before any data flows (issue 12,
// "Library"; DESIGN: options validated at construction).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as txpipe from '../../src/index.js';

type Factory = (options: never) => unknown;
const f = (name: keyof typeof txpipe): Factory => txpipe[name] as unknown as Factory;
const input = (): Readable => Readable.from([]);

/** [factory, wrong options, the option the message names, how it is called with the options] */
const cases: [string, unknown, RegExp, (o: unknown) => unknown][] = [
  ['lines', { maxLineBytes: -1 }, /maxLineBytes/, (o) => f('lines')(o as never)],
  ['lines', { onLongLine: 'nope' }, /onLongLine/, (o) => f('lines')(o as never)],
  ['parse', { onInvalid: 'nope' }, /onInvalid/, (o) => f('parse')(o as never)],
  ['stringify', { onInvalid: 'nope' }, /onInvalid/, (o) => f('stringify')(o as never)],
  ['stringify', { batchBytes: 'big' }, /batchBytes/, (o) => f('stringify')(o as never)],
  ['readRecords', { framing: 'nope' }, /framing/, (o) => txpipe.readRecords(input(), o as never)],
  ['detect', { sample: 0 }, /sample/, (o) => f('detect')(o as never)],
  ['detect', { lines: 'yes' }, /lines/, (o) => f('detect')(o as never)],
  ['convert', { to: 'nope' }, /nope|to/, (o) => f('convert')(o as never)],
  ['convert', { holdLimit: -5 }, /holdLimit/, (o) => f('convert')(o as never)],
  ['convert', { maxLinks: 1.5 }, /maxLinks/, (o) => f('convert')(o as never)],
  ['convert', { replyUsage: 'nope' }, /replyUsage/, (o) => f('convert')(o as never)],
  ['redact', { pii: 'yes' }, /pii/, (o) => f('redact')(o as never)],
  ['redact', { maxPendingCalls: 0 }, /maxPendingCalls/, (o) => f('redact')(o as never)],
  ['redact', { rules: 'nope' }, /rules/, (o) => f('redact')(o as never)],
  ['clip', { limit: {} }, /limit/, (o) => f('clip')(o as never)],
  ['normalize', { agent: 'claude', maxBlocks: 0 }, /maxBlocks/, (o) => f('normalize')(o as never)],
  ['normalize', { agent: 'nope' }, /agent|nope/, (o) => f('normalize')(o as never)],
  ['normalize', { agent: 'claude', array: 'yes' }, /array/, (o) => f('normalize')(o as never)],
  ['awfTree', { maxRuns: 'many' }, /maxRuns/, (o) => f('awfTree')(o as never)],
  ['dedupUsage', { keep: 'nope' }, /keep/, (o) => f('dedupUsage')(o as never)],
  ['dedupUsage', { maxHeldRecords: 'abc' }, /maxHeldRecords/, (o) => f('dedupUsage')(o as never)],
  ['dedupUsage', { maxHeldBytes: -1 }, /maxHeldBytes/, (o) => f('dedupUsage')(o as never)],
  ['usage', { format: 'nope' }, /format/, (o) => f('usage')(o as never)],
  ['usage', { topSessions: -1 }, /topSessions/, (o) => f('usage')(o as never)],
  ['usage', { sample: 'x' }, /sample/, (o) => f('usage')(o as never)],
  ['replay', { holdLimit: 0 }, /holdLimit/, (o) => f('replay')(o as never)],
  ['chain', 'nope | clip', /nope/, (o) => f('chain')(o as never)],
];

describe('every factory checks its options when called', () => {
  it.each(cases)('%s(%j)', (_name, options, names, make) => {
    let err: unknown;
    try {
      make(options);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ name: 'TxpipeError', code: 'ERR_TXPIPE_BAD_OPTION' });
    expect((err as Error).message).toMatch(names);
  });
});
