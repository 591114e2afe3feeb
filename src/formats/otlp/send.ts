import { TxpipeError } from '../../stream/errors.js';
import { partialSuccessOf, type PartialSuccess } from './partial-success.js';

/** How `postTraces` retries (OTLP/HTTP: 429, 502, 503 and 504 are retryable, with backoff). */
export interface SendOptions {
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  /** The first backoff in ms, doubled each retry (with jitter), at most `maxDelayMs`. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Each request's time limit in ms. */
  readonly timeoutMs?: number;
  /** Waits (tests may count the waits); `setTimeout` by default. */
  readonly sleep?: (ms: number) => Promise<void>;
}

export const sendDefaults = Object.freeze({
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 10_000,
});

/** The OTLP specification's retryable HTTP statuses for OTLP/HTTP. */
export const RETRYABLE = new Set([429, 502, 503, 504]);

/** A `Retry-After` header (delay seconds or an HTTP date) in ms, or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Posts one protobuf `ExportTraceServiceRequest` to an OTLP/HTTP endpoint. Retries a retryable
 * status or a failed connection, waiting `Retry-After` when the server gives one, else an
 * exponential backoff with jitter; any other status fails at once. Fails with a message naming
 * the URL, the status and the start of the server's answer. Gives what the endpoint said it
 * rejected of an export it accepted (`partial_success`; not retried, as the spec says).
 */
export async function postTraces(
  url: URL,
  body: Uint8Array,
  options: SendOptions = {},
): Promise<PartialSuccess | undefined> {
  const o = { ...sendDefaults, ...options };
  const wait = options.sleep ?? sleep;
  let problem = '';
  let attempt = 1;
  for (; attempt <= o.attempts; attempt++) {
    let delay =
      Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-protobuf' },
        body,
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      if (res.ok) {
        const answer = new Uint8Array(await res.arrayBuffer());
        return partialSuccessOf(answer, res.headers.get('content-type'));
      }
      const text = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ').trim();
      problem = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${text ? `: ${text}` : ''}`;
      if (!RETRYABLE.has(res.status)) {
        attempt++;
        break;
      }
      delay = retryAfterMs(res.headers.get('retry-after')) ?? delay;
    } catch (err) {
      problem = connectionProblem(err);
    }
    if (attempt < o.attempts) await wait(Math.min(delay, o.maxDelayMs));
  }
  const tries = attempt - 1 > 1 ? ` (${attempt - 1} attempts)` : '';
  throw new TxpipeError('ERR_TXPIPE_OUTPUT', `otlp: POST ${url.href} failed: ${problem}${tries}`);
}

/** What a failed fetch says: the system's code (`ECONNREFUSED`) where it gives one. */
function connectionProblem(err: unknown): string {
  type Cause = { code?: string; message?: string; errors?: Cause[] };
  const cause = (err as { cause?: Cause }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  if (code) return `${code}${cause?.message ? ` (${cause.message})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}
