import { describe, expect, it } from 'vitest';
import { expandOptionalValues } from '../../src/cli/optional-values.js';
import { commands } from '../../src/transforms/registry.js';
import type { CommandSpec } from '../../src/transforms/spec.js';

// A made-up command with one option that has an optional value and one that has not.
const spec = {
  name: 'demo',
  summary: 'made up for this test',
  output: 'records',
  options: {
    showReport: { type: 'string', describe: 'r', optionalValue: 'text', alias: 'r' },
    level: { type: 'string', describe: 'l' },
  },
  load: () => Promise.resolve({ stages: () => [] }),
} as const satisfies CommandSpec;

describe('expandOptionalValues', () => {
  it.each([
    [
      ['demo', '--show-report', 'a.jsonl'],
      ['demo', '--show-report=text', 'a.jsonl'],
    ],
    [
      ['demo', '-r', 'a.jsonl'],
      ['demo', '--show-report=text', 'a.jsonl'],
    ],
    [
      ['demo', 'a.jsonl', '--show-report'],
      ['demo', 'a.jsonl', '--show-report=text'],
    ],
    [
      ['demo', '--show-report=json', 'a.jsonl'],
      ['demo', '--show-report=json', 'a.jsonl'],
    ],
    [
      ['demo', '--level', 'a.jsonl'],
      ['demo', '--level', 'a.jsonl'],
    ],
    [
      ['demo', '--', '--show-report'],
      ['demo', '--', '--show-report'],
    ],
    [
      ['--show-report', 'demo'],
      ['--show-report', 'demo'],
    ],
    [
      ['other', '--show-report'],
      ['other', '--show-report'],
    ],
  ])('%j -> %j', (argv, expected) => {
    expect(expandOptionalValues(argv, [spec])).toEqual(expected);
  });

  it('redact --report is declared with an optional value, from the registry', () => {
    expect(expandOptionalValues(['redact', '--report', 'x.jsonl'])).toEqual([
      'redact',
      '--report=text',
      'x.jsonl',
    ]);
    expect(commands.find((c) => c.name === 'redact')?.options.report?.optionalValue).toBe('text');
  });
});
