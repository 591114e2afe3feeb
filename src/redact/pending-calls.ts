import { badOption } from '../stream/errors.js';

/**
 * The ids of tool calls that named a secret file, whose results are still to come. Bounded: past
 * `max` ids the oldest is forgotten (its result, if it ever comes, is then only pattern-redacted).
 */
export class PendingCalls {
  private readonly ids = new Set<string>();

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      badOption('redact: maxPendingCalls must be a positive integer');
  }

  get size(): number {
    return this.ids.size;
  }

  add(id: unknown): void {
    if (typeof id !== 'string' || id === '') return;
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value as string);
  }

  /** True (and forgotten) when `id` is a pending call's. */
  take(id: unknown): boolean {
    return typeof id === 'string' && this.ids.delete(id);
  }

  /** Does the raw line mention a pending id? (the cheap test before a structured pass). */
  mentionedIn(raw: string): boolean {
    for (const id of this.ids) if (raw.includes(id)) return true;
    return false;
  }
}
