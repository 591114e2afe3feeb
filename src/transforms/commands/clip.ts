import { formatIds } from '../../formats/registry.js';
import { lineFilterOption } from './line-filter.js';
import { sizeOption } from './size-option.js';
import type { CommandSpec } from '../spec.js';

/** Defaults of `clip` (the stage and the command). */
export const clipDefaults = {
  limit: 8192,
  fields: [] as readonly string[],
  format: 'auto',
  omitBinary: false,
  maxLineBytes: Infinity,
  detectRecords: 1000,
} as const;

export const clipCommand: CommandSpec = {
  name: 'clip',
  summary: 'Cut long strings at a UTF-8 boundary with …[clipped N bytes] and a clipped map',
  options: {
    limit: {
      type: 'string',
      describe:
        'Bytes a string keeps where no --field or format default applies (8KiB, 1MiB, none)',
      default: '8KiB',
    },
    field: {
      type: 'string',
      repeatable: true,
      describe:
        'name=size or dotted.path=size (* for any key), before the format defaults; repeat or comma-separate',
    },
    format: {
      type: 'string',
      describe: `Whose defaults apply: auto (detected per input), generic, or ${formatIds.join(', ')}`,
      default: 'auto',
    },
    omitBinary: {
      type: 'boolean',
      describe: 'Replace base64 images and embedding vectors with {"omitted": ...}',
      default: false,
    },
    maxLineBytes: {
      type: 'string',
      describe:
        'Every output line at most this size (clipping the largest strings first); report the rest',
      coerce: sizeOption('--max-line-bytes'),
    },
    lineFilter: lineFilterOption,
  },
  output: 'records',
  load: async () => {
    const m = await import('../clip.js');
    await m.ready;
    return m.clipBehaviour;
  },
};
