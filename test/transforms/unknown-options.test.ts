// Issue 24, item 16: a misspelt option given to a library factory is an error, not ignored.
// One row per public factory that takes an options object: the misspelt name, the name it
// should suggest. Each factory's known names come from its options type (`optionNames`), so a
// row here fails when a factory stops checking, never because a list here was kept by hand.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as txpipe from '../../src/index.js';
import { commands } from '../../src/transforms/registry.js';
import { editDistance, nearestName } from '../../src/stream/nearest-name.js';

type Call = (options: Record<string, unknown>) => unknown;
const input = (): Readable => Readable.from([]);
const fn = (name: string): Call => (txpipe as unknown as Record<string, Call>)[name] as Call;

/** [factory, a valid base, the misspelt key, the known name it should suggest, called as] */
const rows: [string, Record<string, unknown>, string, string, Call][] = [
  ['lines', {}, 'maxLinBytes', 'maxLineBytes', (o) => fn('lines')(o)],
  ['parse', {}, 'onInvald', 'onInvalid', (o) => fn('parse')(o)],
  ['stringify', {}, 'batchbytes', 'batchBytes', (o) => fn('stringify')(o)],
  ['readRecords', {}, 'framng', 'framing', (o) => txpipe.readRecords(input(), o)],
  ['detect', {}, 'sampel', 'sample', (o) => fn('detect')(o)],
  ['convert', {}, 'too', 'to', (o) => fn('convert')(o)],
  ['convert', { to: 'txpipe' }, 'replyusage', 'replyUsage', (o) => fn('convert')(o)],
  ['redact', {}, 'rule', 'rules', (o) => fn('redact')(o)],
  ['createRedactor', {}, 'pi', 'pii', (o) => fn('createRedactor')(o)],
  ['clip', {}, 'limt', 'limit', (o) => fn('clip')(o)],
  ['clip', {}, 'field', 'fields', (o) => fn('clip')(o)],
  ['normalize', { agent: 'claude' }, 'maxBlock', 'maxBlocks', (o) => fn('normalize')(o)],
  ['awfTree', {}, 'maxRun', 'maxRuns', (o) => fn('awfTree')(o)],
  ['dedupUsage', {}, 'kep', 'keep', (o) => fn('dedupUsage')(o)],
  ['usage', {}, 'topSesions', 'topSessions', (o) => fn('usage')(o)],
  ['replay', {}, 'form', 'from', (o) => fn('replay')(o)],
  [
    'otlpSend',
    { endpoint: 'http://127.0.0.1:4318', output: 'summary' },
    'atempts',
    'attempts',
    (o) => fn('otlpSend')(o),
  ],
];

function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('every factory refuses an option it does not know', () => {
  it.each(rows)('%s(%j + %s)', (name, base, key, near, make) => {
    const err = thrown(() => make({ ...base, [key]: 5 }));
    expect(err).toMatchObject({ name: 'TxpipeError', code: 'ERR_TXPIPE_UNKNOWN_OPTION' });
    const message = (err as Error).message;
    expect(message).toContain(`${name}: unknown option ${key}`);
    expect(message).toContain(`did you mean ${near}?`);
    expect(message).toMatch(/\(known: .+\)/);
    // The suggestion is a name the factory takes: with it, the same options build.
    const fixed = { ...base, [near]: undefined };
    expect(thrown(() => make(fixed))).toBeUndefined();
  });

  it.each(rows)('%s: an unknown key is refused even when its value is undefined', (...row) => {
    const [, base, key, , make] = row;
    expect(thrown(() => make({ ...base, [key]: undefined }))).toMatchObject({
      code: 'ERR_TXPIPE_UNKNOWN_OPTION',
    });
  });

  it('a name far from every known one is named without a guess', () => {
    const err = thrown(() => fn('clip')({ zzzzzz: 1 }));
    expect((err as Error).message).toMatch(/^clip: unknown option zzzzzz \(known: limit, /);
  });

  it('options that are not an object are a bad option', () => {
    for (const name of ['clip', 'redact', 'lines', 'dedupUsage']) {
      expect(thrown(() => fn(name)(5 as never))).toMatchObject({ code: 'ERR_TXPIPE_BAD_OPTION' });
      expect(thrown(() => fn(name)([] as never))).toMatchObject({ code: 'ERR_TXPIPE_BAD_OPTION' });
    }
  });

  it('a pipeline step with a misspelt option names the nearest one', () => {
    const err = thrown(() => txpipe.chain([{ command: 'clip', options: { limt: '4KiB' } }]));
    expect(err).toMatchObject({ code: 'ERR_TXPIPE_UNKNOWN_OPTION' });
    expect((err as Error).message).toMatch(/clip has no option --limt; did you mean --limit\?/);
    const text = thrown(() => txpipe.chain('clip --limt 4KiB'));
    expect(text).toMatchObject({ code: 'ERR_TXPIPE_UNKNOWN_OPTION' });
    const key = thrown(() => txpipe.chain([{ command: 'clip', option: { limit: 4 } } as never]));
    expect(key).toMatchObject({ code: 'ERR_TXPIPE_UNKNOWN_OPTION' });
    expect((key as Error).message).toMatch(/unknown option option; did you mean options\?/);
  });

  it('every command with options has its factory in the table', () => {
    const factoryOf: Record<string, string> = {
      'dedup-usage': 'dedupUsage',
      'awf-tree': 'awfTree',
      'otlp-send': 'otlpSend',
    };
    const tested = new Set(rows.map(([name]) => name));
    // Commands whose work is not one stage factory: cat takes no options, run is chain (tested
    // above), verify and worker are whole-run commands of the CLI.
    const notFactories = new Set(['cat', 'run', 'verify', 'worker']);
    for (const c of commands) {
      if (notFactories.has(c.name)) continue;
      expect(tested, c.name).toContain(factoryOf[c.name] ?? c.name);
    }
  });
});

describe('nearestName', () => {
  it.each([
    ['limt', 'limit', 1],
    ['framng', 'framing', 1],
    ['too', 'to', 1],
    ['onInvlaid', 'onInvalid', 1], // two letters swapped count one
    ['MAXRUNS', 'maxRuns', 0], // case is ignored
  ])('%s to %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(nearestName(a, ['unrelated', b])).toBe(b);
  });
  it('guesses nothing for a name far from all', () => {
    expect(nearestName('zzzzzz', ['limit', 'fields', 'format'])).toBeUndefined();
  });
});
