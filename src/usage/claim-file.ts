/**
 * The shared counters of two threads reading a run's input files ahead of their turn (see
 * `UsageFilesAhead`): an `Int32Array` over a `SharedArrayBuffer` of `CLAIM_SLOTS` integers.
 * `NEXT` is the first input nobody has claimed (inputs are claimed in order, each by one thread);
 * `FED` is how many inputs the run has handed on to its stages so far; `POSTED` how many results
 * the worker has posted (the main thread waits on it); `ENDED` is 1 once the worker has stopped.
 */
export const NEXT = 0;
export const FED = 1;
export const POSTED = 2;
export const ENDED = 3;
export const CLAIM_SLOTS = 4;

/** No input can be claimed now: the next one is `window` or more inputs past `FED`. */
export const WINDOW_FULL = -1;

/**
 * Claims the next input for the calling thread: its index, `WINDOW_FULL` when it lies `window`
 * or more inputs past those handed on (memory stays bounded to `window` inputs read ahead), or
 * `count` once every input is claimed. Atomic: two threads never claim the same input.
 */
export function claimFile(shared: Int32Array, count: number, window: number): number {
  for (;;) {
    const next = Atomics.load(shared, NEXT);
    if (next >= count) return count;
    if (next >= Atomics.load(shared, FED) + window) return WINDOW_FULL;
    if (Atomics.compareExchange(shared, NEXT, next, next + 1) === next) return next;
  }
}

/** Claims input `index` if nobody has (its turn has come): whether the caller now holds it. */
export function claimAt(shared: Int32Array, index: number): boolean {
  return Atomics.compareExchange(shared, NEXT, index, index + 1) === index;
}
