/** The error a run is stopped with when its caller stopped it (a signal, an AbortSignal). */
export class Interrupted extends Error {
  readonly code = 'ABORT_ERR';

  constructor() {
    super('interrupted');
    this.name = 'AbortError';
  }
}
