import type { Readable, Writable } from 'node:stream';

/** How often a reader that does not flow is looked at. */
const POLL_MS = 5;

/**
 * Calls `then` once everything `stream` has made has been taken by its reader (nothing left in
 * its readable buffer, nor, with `writable`, in its writable one), or at once when the stream is
 * destroyed. A stage that fails calls it before failing, so that what it made before the failure
 * is not thrown away with it: destroying a stream drops what its reader has not taken yet.
 */
export function afterDrain(
  stream: Readable & Partial<Pick<Writable, 'writableLength'>>,
  then: () => void,
  writable = true,
): void {
  let called = false;
  const check = (): void => {
    if (called) return;
    const left = stream.readableLength + (writable ? (stream.writableLength ?? 0) : 0);
    if (!stream.destroyed && left > 0) return;
    stream.off('data', later);
    stream.off('close', check);
    clearInterval(timer);
    called = true;
    then();
  };
  // On 'data' the chunk has left the buffer; look once the other listeners have run. A stream
  // whose reader never took anything (null) is not listened to for 'data', which would make it
  // flow past its reader; a reader pausing and resuming (pipe) is fine. The timer covers a reader
  // that calls read() and keeps the process alive until the stream is drained.
  const later = (): void => queueMicrotask(check);
  if (stream.readableFlowing !== null) stream.on('data', later);
  const timer = setInterval(check, POLL_MS);
  stream.on('close', check);
  check();
}
