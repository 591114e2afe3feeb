import { TxpipeError } from '../stream/errors.js';

/** The text of what the NATS client threw, without its code. */
function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The worker could not connect: names the servers it tried. */
export function connectError(err: unknown, servers: readonly string[]): TxpipeError {
  return new TxpipeError(
    'ERR_TXPIPE_INPUT',
    `worker: cannot connect to NATS at ${servers.join(', ')} (--servers): ${reasonOf(err)}`,
    { cause: err },
  );
}

/** The input stream or its consumer could not be had: names the stream and the server. */
export function consumerError(
  err: unknown,
  stream: string,
  consumer: string,
  server: string,
): TxpipeError {
  const reason = reasonOf(err);
  const message = /stream not found/i.test(reason)
    ? `worker: stream ${stream} (--stream) not found on ${server}: create it, or name one that is there`
    : /jetstream is not enabled|no responders/i.test(reason)
      ? `worker: JetStream is not enabled on ${server} (start nats-server with -js)`
      : `worker: consumer ${consumer} of stream ${stream} on ${server}: ${reason}`;
  return new TxpipeError('ERR_TXPIPE_INPUT', message, { cause: err });
}

/**
 * A publication failed: names the subject and the flag that gave it. JetStream answers a subject
 * no stream captures as "jetstream is not enabled" (no responder): said as what it means.
 */
export function publishError(
  err: unknown,
  subject: string,
  flag: '--output-subject' | '--dead-letter-subject',
  server: string,
): TxpipeError {
  const reason = reasonOf(err);
  const message = /jetstream is not enabled|no responders/i.test(reason)
    ? `worker: no stream on ${server} captures ${subject} (${flag}): add the subject to a stream`
    : `worker: cannot publish to ${subject} (${flag}) on ${server}: ${reason}`;
  return new TxpipeError('ERR_TXPIPE_OUTPUT', message, { cause: err });
}
