import { badOption } from '../stream/errors.js';

/**
 * Which of a reply's usage reports is kept: `last` (the final counts: on real Claude Code
 * sessions the last entry of a reply holds them, see docs/usage-evidence.md), `first`, or `max`
 * (the most output tokens; ties go to the later entry).
 */
export type KeepPolicy = 'first' | 'last' | 'max';

export const KEEP_POLICIES: readonly KeepPolicy[] = ['first', 'last', 'max'];

/** Checks a keep option once, at construction. */
export function checkKeep(v: unknown): KeepPolicy {
  if (!KEEP_POLICIES.includes(v as KeepPolicy)) {
    badOption(`keep must be one of ${KEEP_POLICIES.join(', ')}, got ${String(v)}`);
  }
  return v as KeepPolicy;
}

/** Checks a positive integer bound once, at construction. */
export function checkBound(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    badOption(`${name} must be a positive integer, got ${String(v)}`);
  }
  return v;
}

/**
 * Whether a new report of the reply replaces the one kept so far, given both output counts.
 * Chosen once per policy, so the per-record path is one call.
 */
export function replacer(policy: KeepPolicy): (keptOutput: number, nextOutput: number) => boolean {
  switch (policy) {
    case 'first':
      return () => false;
    case 'last':
      return () => true;
    case 'max':
      return (kept, next) => next >= kept;
  }
}
