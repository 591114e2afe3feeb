import type { CommandSpec } from '../spec.js';
import { lineFilterOption } from './line-filter.js';

/** Defaults of the `redact` stage and command. */
export const redactDefaults = Object.freeze({
  maxPendingCalls: 4096,
  pii: false,
  rules: 'txpipe' as 'txpipe' | 'flockdeck',
});

export const redactCommand: CommandSpec = {
  name: 'redact',
  summary: 'Replace secrets (tokens, keys, passwords, secret files) in records of every format',
  options: {
    rules: {
      type: 'string',
      choices: ['txpipe', 'flockdeck'],
      default: redactDefaults.rules,
      describe:
        "Rule set: txpipe (every secret Flockdeck's rules remove and more, the text around it kept) or flockdeck (Flockdeck's redaction exactly)",
    },
    config: {
      type: 'string',
      repeatable: true,
      describe:
        'JSON file adding secret names, token patterns and allowed values; given more than once, the files are merged',
    },
    pii: {
      type: 'boolean',
      default: false,
      describe: 'Also scrub e-mails, phones, cards, SSNs, IBANs and IP addresses',
    },
    report: {
      type: 'string',
      choices: ['text', 'json'],
      optionalValue: 'text',
      describe: 'Print counts per rule kind to stderr: --report (text) or --report=json',
    },
    maxPendingCalls: {
      type: 'number',
      default: redactDefaults.maxPendingCalls,
      describe: 'Secret-file tool calls remembered until their result',
    },
    lineFilter: lineFilterOption,
  },
  output: 'records',
  load: async () => {
    const m = await import('../redact.js');
    await m.ready;
    return m.redactBehaviour;
  },
};
