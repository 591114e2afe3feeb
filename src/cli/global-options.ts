import type { Options } from 'yargs';
import { EXIT } from './exit-codes.js';

/** Options every command takes, by flag name. */
export const globalOptions: Readonly<Record<string, Options>> = {
  output: { alias: 'o', type: 'string', describe: 'Write to FILE instead of standard output' },
  'reject-file': {
    type: 'string',
    describe: 'Keep every line that was not written, verbatim, in FILE',
  },
  strict: {
    type: 'boolean',
    default: false,
    describe: `Exit ${EXIT.rejected} when any line was not written`,
  },
  'on-invalid': {
    choices: ['skip', 'pass', 'error'],
    default: 'skip',
    describe: 'A line that is not JSON: report and drop it, write it as it is, or fail',
  },
  'max-input-line-bytes': {
    type: 'number',
    describe: 'Longest input line held in memory (default 256 MiB); a longer one is reported',
    coerce: (n: number) => {
      if (!(Number.isInteger(n) && n > 0)) {
        throw new Error(`--max-input-line-bytes must be a positive integer, got ${String(n)}`);
      }
      return n;
    },
  },
  framing: {
    choices: ['auto', 'jsonl', 'array', 'concatenated'],
    default: 'auto',
    describe: 'How values are laid out in the input (auto sniffs the first bytes)',
  },
  quiet: {
    alias: 'q',
    type: 'boolean',
    default: false,
    describe: 'No summary of rejected lines on stderr',
  },
};
