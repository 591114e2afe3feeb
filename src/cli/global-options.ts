import type { Options } from 'yargs';
import { EXIT } from './exit-codes.js';
import { sizeOption } from '../transforms/commands/size-option.js';

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
    type: 'string',
    describe:
      'Longest input line held in memory, a size (8192, 64KiB, 1MiB; default 256 MiB); a longer one is reported',
    coerce: sizeOption('--max-input-line-bytes'),
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
