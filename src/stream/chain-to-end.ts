import type { Duplex, Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Pipes `streams` one into the next, like `pipeline`, but a failure does not throw away what
 * was made before it: the streams before the one that failed are stopped, the one after it is
 * ended, so everything it had been handed flows on to the last stream. Resolves, once the last
 * stream is done, with the first error (undefined when none). A stream that fails must have
 * handed on what it made first (see afterDrain): its own buffer goes with it.
 */
export function chainToEnd(
  streams: readonly [Readable, ...Duplex[], Writable] | readonly (Readable | Writable)[],
): Promise<Error | undefined> {
  const all = streams as readonly (Readable & Writable)[];
  let first: Error | undefined;
  all.forEach((s, i) => {
    const next = all[i + 1];
    // Ended here rather than by pipe(), whose own ending looks up process.stdout and
    // process.stderr and so makes them (a pipe's stream loads node:net): start-up of the CLI.
    const endNext = (): void => void next?.end();
    if (next !== undefined) s.pipe(next, { end: false });
    s.once('end', endNext);
    s.on('error', (err: Error) => {
      first ??= err;
      for (let j = 0; j < i; j++) all[j]!.destroy();
      s.off('end', endNext);
      if (next !== undefined) {
        s.unpipe(next);
        if (!next.writableEnded) next.end();
      }
    });
  });
  return finished(all[all.length - 1]!).then(
    () => first,
    (err: Error) => first ?? err,
  );
}
