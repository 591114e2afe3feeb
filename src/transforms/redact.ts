import type { Transform } from 'node:stream';
import { loadRedactConfigs } from '../redact/config.js';
import { formatCounts } from '../redact/counts.js';
import type { FormatRedaction } from '../redact/facet.js';
import { createRecordRedactor } from '../redact/redact-record.js';
import { createRedactor, type RedactOptions, type Redactor } from '../redact/redactor.js';
import { detectValue } from '../formats/detect.js';
import { facetOf, facetsPending, loadFacets } from '../formats/registry.js';
import { badOption } from '../stream/errors.js';
import type { Rec } from '../stream/rec.js';
import { withDefaults } from '../stream/options.js';
import { recordTransformAfter } from '../stream/record-transform.js';
import { AdoptedVerdicts } from '../stream/adopted-verdicts.js';
import { PRESCAN_WORKER } from '../redact/prescan-spec.js';
import type { CommandBehaviour } from './spec.js';
import { redactDefaults } from './commands/redact.js';
import { asGoDecodes } from './go-decoded.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { redactDefaults };

/**
 * Resolves once the redaction facets of every format are loaded: the command's `load()` awaits it
 * before building the stages (a stage built before waits for it before its first record).
 * Not a top-level await: the CLI's own build of this command and `require('txpipe')` are CommonJS.
 */
export const ready: Promise<void> = loadFacets('redaction');

/** Where a record's format keeps tool calls and results: its adapter's redaction facet. */
const redactionOf = (rec: Rec): FormatRedaction | undefined =>
  facetOf(rec.format ?? detectValue(rec.value)?.id, 'redaction');

/** Options of the `redact` stage. */
export interface RedactStageOptions extends RedactOptions {
  /** Tool calls that named a secret file, remembered until their result (oldest forgotten past this). */
  readonly maxPendingCalls?: number;
  /** A redactor to use (its counts then include this stage's); built from the options when absent. */
  readonly redactor?: Redactor;
  /** Called once at the end of input with the counts per rule kind. */
  readonly onEnd?: (counts: Readonly<Record<string, number>>) => void;
}

/** Every option `redact` takes (a misspelt one is an error, not ignored). */
const redactOptionNames = optionNames<RedactStageOptions>({
  rules: true,
  config: true,
  pii: true,
  maxPendingCalls: true,
  redactor: true,
  onEnd: true,
});

/**
 * `redact(opts)`: a native object-mode Transform that redacts secrets in records of every format
 * txpipe knows, without converting them. Unchanged records pass as the same object.
 */
export function redact(options: RedactStageOptions = {}): Transform {
  checkKnownOptions('redact', options, redactOptionNames);
  const opts = withDefaults(redactDefaults, options);
  if (opts.onEnd !== undefined && typeof opts.onEnd !== 'function')
    badOption('redact: onEnd must be a function');
  const redactor =
    opts.redactor ?? createRedactor({ config: opts.config, pii: opts.pii, rules: opts.rules });
  const spec = redactor.prescanSpec;
  const judged = new AdoptedVerdicts();
  const logic = createRecordRedactor(
    redactor,
    opts.maxPendingCalls,
    redactionOf,
    spec && ((rec) => judged.verdictOf(rec)),
  );
  // Flockdeck's rules give Flockdeck's text: its Go decoder has made a lone surrogate U+FFFD.
  const goText = opts.rules === 'flockdeck';
  return recordTransformAfter(facetsPending('redaction'), () => ({
    transform: goText ? (rec) => asGoDecodes(logic(rec)) : (rec) => logic(rec),
    flush: () => opts.onEnd?.(redactor.counts()),
    judge: spec && {
      worker: PRESCAN_WORKER,
      data: spec,
      adopt: (rec, verdict) => judged.adopt(rec, verdict),
    },
  }));
}

/** The redactor options from parsed CLI arguments; `--config` given more than once is merged. */
function redactorOptions(args: Readonly<Record<string, unknown>>): RedactOptions {
  const paths = args.config === undefined ? [] : [args.config].flat();
  if (paths.some((p) => typeof p !== 'string' || p === ''))
    badOption('redact: --config takes a file name');
  return {
    pii: args.pii === true,
    rules: args.rules as RedactOptions['rules'],
    config: paths.length > 0 ? loadRedactConfigs(paths as string[]) : undefined,
  };
}

export const redactBehaviour: CommandBehaviour = {
  stages(args, ctx) {
    const report = args.report;
    if (report !== undefined && report !== 'text' && report !== 'json')
      badOption(`redact: --report takes text or json, not "${String(report)}"`);
    const onEnd =
      report === undefined
        ? undefined
        : (counts: Readonly<Record<string, number>>): void => {
            ctx.stderr.write(
              report === 'json' ? `${JSON.stringify(counts)}\n` : formatCounts(counts),
            );
          };
    return [
      redact({
        ...redactorOptions(args),
        maxPendingCalls: args.maxPendingCalls as number | undefined,
        onEnd,
      }),
    ];
  },
  rejectedText(args) {
    // Made on the first rejected line: most runs have none (the options were checked by `stages`).
    const options = redactorOptions(args);
    let text: ((raw: string) => string) | undefined;
    return (raw) => (text ??= createRedactor(options).text)(raw);
  },
};
