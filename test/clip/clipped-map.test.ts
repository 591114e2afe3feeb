import { beforeAll, describe, expect, it } from 'vitest';
import { clipMarker } from '../../src/clip/clip-string.js';
import { txpipe } from '../cli/run.js';
import { ensureBuilt } from '../shared.js';

/**
 * The `clipped` map as `txpipe clip` writes it (the built CLI, spawned): a field that happens to
 * be named `clipped` and is not a map is data like any other; an entry is updated when its string
 * is cut again; a Flockdeck line that holds a marker and no map gets the entry Flockdeck's writer
 * records (the bytes before the marker + N), as `convert --to flockdeck` gives.
 */

const x = (n: number): string => 'x'.repeat(n);
const y = (n: number): string => 'y'.repeat(n);

/** A Flockdeck v2 envelope. */
const fd = {
  v: 2,
  seq: 3,
  time: '2026-10-01T09:00:01Z',
  session: '20261001T090000Z-11111111',
  agent: 'claude',
  conversation: '11111111-2222-3333-4444-555555555555',
};

const cases: [string, string[], unknown, unknown][] = [
  [
    'a string field named clipped is clipped like the others (and the record gets no map: its place is taken)',
    ['--limit', '10'],
    { clipped: x(50), a: y(50) },
    { clipped: x(10) + clipMarker(40), a: y(10) + clipMarker(40) },
  ],
  [
    'an entry is updated when its string is cut again (generic, by path)',
    ['--limit', '5'],
    { a: y(10) + clipMarker(40), clipped: { a: 999, b: 7 } },
    { a: y(5) + clipMarker(45), clipped: { a: 50, b: 7 } },
  ],
  [
    'an entry is updated when its string is cut again (Flockdeck, by field)',
    ['--limit', '5'],
    {
      ...fd,
      type: 'tool_result',
      output: y(10) + clipMarker(40),
      isError: false,
      interrupted: false,
      clipped: { output: 999 },
    },
    {
      ...fd,
      type: 'tool_result',
      output: y(5) + clipMarker(45),
      isError: false,
      interrupted: false,
      clipped: { output: 50 },
    },
  ],
  [
    'a Flockdeck output holding a marker and no map gets clipped.output = bytes before it + N',
    [],
    {
      ...fd,
      type: 'tool_result',
      tool: 'Bash',
      toolUseId: 't1',
      output: `abc${clipMarker(100)}`,
      isError: false,
      interrupted: false,
    },
    {
      ...fd,
      type: 'tool_result',
      tool: 'Bash',
      toolUseId: 't1',
      output: `abc${clipMarker(100)}`,
      isError: false,
      interrupted: false,
      clipped: { output: 103 },
    },
  ],
  [
    'a Flockdeck prompt holding a marker gets clipped.text; an entry already there stays',
    [],
    { ...fd, type: 'user_prompt', text: `é${clipMarker(10)}`, clipped: { cwd: 4 } },
    { ...fd, type: 'user_prompt', text: `é${clipMarker(10)}`, clipped: { cwd: 4, text: 12 } },
  ],
];

describe('the clipped map (txpipe clip, spawned)', () => {
  beforeAll(() => ensureBuilt());

  it.each(cases)('%s', (_name, args, input, want) => {
    const r = txpipe(['clip', ...args], { input: `${JSON.stringify(input)}\n` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(want);
    // and a second pass changes nothing
    const again = txpipe(['clip', ...args], { input: r.stdout });
    expect(again.stdout).toBe(r.stdout);
  });
});
