import type { ReplyUsage } from '../../formats/claude-code/reply-usage.js';
import { formatIds, formats, writableFormatIds } from '../../formats/registry.js';
import type { CliOption, CommandSpec } from '../spec.js';

/** Defaults of `convert` (the stage and the command). */
export const convertDefaults = Object.freeze({
  to: 'txpipe',
  replyUsage: 'last' as ReplyUsage,
  holdLimit: 10_000,
  maxLinks: 100_000,
});

/** Every adapter's own options (`FormatAdapter.options`), offered as flags of `convert`. */
export const adapterOptions = Object.assign({}, ...formats.map((f) => f.options ?? {})) as Record<
  string,
  CliOption
>;

export const convertCommand: CommandSpec = {
  name: 'convert',
  summary: 'Convert between transcript formats through canonical events',
  options: {
    to: {
      type: 'string',
      describe: 'Target format: one of the formats that can be written',
      choices: writableFormatIds,
      default: convertDefaults.to,
    },
    from: {
      type: 'string',
      describe: `Source format (${formatIds.join(', ')}); detected per input when not given`,
    },
    replyUsage: {
      type: 'string',
      describe:
        "Which entry of a reply gives its usage: last (the reply's final counts) or first (Flockdeck's rule)",
      choices: ['last', 'first'],
      default: convertDefaults.replyUsage,
    },
    pretty: { type: 'boolean', describe: 'Write each record pretty-printed, not one per line' },
    endpoint: {
      type: 'string',
      describe:
        'With --to otlp: also post each trace to this OTLP/HTTP endpoint (protobuf, retried; see otlp-send)',
    },
    ...adapterOptions,
  },
  output: 'records',
  load: async () => {
    const m = await import('../convert.js');
    await m.ready;
    return m.convertBehaviour;
  },
};
