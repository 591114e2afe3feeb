import { Transform, type TransformCallback } from 'node:stream';
import type { TracesData } from '../formats/otlp/otlp-json.js';
import type { PartialSuccess } from '../formats/otlp/partial-success.js';
import type { SendOptions } from '../formats/otlp/send.js';
import { tracesUrl } from '../formats/otlp/traces-url.js';
import { badOption } from '../stream/errors.js';
import { isRecord } from '../stream/is-record.js';
import type { Rec } from '../stream/rec.js';
import { emitReject } from '../stream/rejection.js';
import type { CommandBehaviour, CommandContext } from './spec.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

/** What `otlpSend` is given. */
export interface OtlpSendOptions extends SendOptions {
  /** The OTLP/HTTP endpoint (a base URL gets `/v1/traces`). */
  readonly endpoint: string;
  /**
   * `records`: every record passes on after it was sent (`convert --to otlp --endpoint`);
   * `summary`: one line of text at the end (`otlp-send`).
   */
  readonly output: 'records' | 'summary';
  /**
   * Told when the endpoint accepted a trace but rejected some of its spans (`partial_success`):
   * the CLI writes it to standard error. Not told when absent.
   */
  readonly warn?: (message: string) => void;
}

const isTraces = (v: unknown): v is TracesData => isRecord(v) && Array.isArray(v.resourceSpans);

const spanCount = (t: TracesData): number =>
  t.resourceSpans.reduce((n, rs) => n + rs.scopeSpans.reduce((m, ss) => m + ss.spans.length, 0), 0);

/**
 * Posts each record, an OTLP/JSON `TracesData` (a line of `convert --to otlp`), to an OTLP/HTTP
 * endpoint as protobuf, one request per record, in order; a record goes on only once the
 * endpoint took it. A refused request fails the stage (exit 1) with the URL and the status. A
 * record that is not a `TracesData` is rejected (reason `format`). The sender and the protobuf
 * encoder are loaded with the first record.
 */
/** Every option `otlpSend` takes (a misspelt one is an error, not ignored). */
const otlpSendOptionNames = optionNames<OtlpSendOptions>({
  endpoint: true,
  output: true,
  warn: true,
  attempts: true,
  baseDelayMs: true,
  maxDelayMs: true,
  timeoutMs: true,
  sleep: true,
});

export function otlpSend(options: OtlpSendOptions): Transform {
  checkKnownOptions('otlpSend', options, otlpSendOptionNames);
  if (typeof options.endpoint !== 'string' || options.endpoint === '') {
    badOption('otlp: --endpoint URL is needed');
  }
  const url = tracesUrl(options.endpoint);
  let sender: Promise<(t: TracesData) => Promise<PartialSuccess | undefined>> | undefined;
  const load = async (): Promise<(t: TracesData) => Promise<PartialSuccess | undefined>> => {
    const [{ postTraces }, { tracesToProtobuf }] = await Promise.all([
      import('../formats/otlp/send.js'),
      import('../formats/otlp/protobuf.js'),
    ]);
    return (t) => postTraces(url, tracesToProtobuf(t), options);
  };
  let traces = 0;
  let spans = 0;
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: options.output === 'records',
    transform(this: Transform, rec: Rec, _enc: BufferEncoding, done: TransformCallback) {
      const value = rec.value;
      if (!isTraces(value)) {
        emitReject(this, {
          source: rec.source,
          line: rec.line,
          reason: 'format',
          message: 'otlp: not an OTLP/JSON TracesData (a line of convert --to otlp)',
          ...(typeof rec.raw === 'string' && rec.raw !== '' ? { raw: rec.raw } : {}),
        });
        return done();
      }
      (sender ??= load())
        .then((send) => send(value))
        .then((partial) => {
          if (partial) {
            options.warn?.(
              `otlp: ${url.href} rejected ${partial.rejectedSpans} of the spans of ${rec.source}:${rec.line}${partial.errorMessage ? `: ${partial.errorMessage}` : ''}`,
            );
          }
          traces++;
          spans += spanCount(value);
          done(null, options.output === 'records' ? rec : undefined);
        }, done);
    },
    flush(this: Transform, done: TransformCallback) {
      if (options.output === 'summary') {
        done(null, `sent ${traces} traces (${spans} spans) to ${options.endpoint}\n`);
      } else done();
    },
  });
}

/** What the CLI does with a partial success: a line on standard error. */
export function warnOn(ctx: CommandContext): (message: string) => void {
  return (message) => ctx.stderr.write(`txpipe: ${message}\n`);
}

export const otlpSendBehaviour: CommandBehaviour = {
  stages: (args, ctx) => [
    otlpSend({ endpoint: args.endpoint as string, output: 'summary', warn: warnOn(ctx) }),
  ],
};
