import { badOption } from './errors.js';

/** Checks, at construction, that option `name` is true or false. */
export function checkBoolean(name: string, value: unknown): void {
  if (typeof value !== 'boolean') badOption(`${name} must be true or false, got ${String(value)}`);
}

/** Checks, at construction, that option `name` is a whole number above zero. */
export function checkPositiveInteger(name: string, value: unknown): void {
  if (!(Number.isInteger(value) && (value as number) > 0)) {
    badOption(`${name} must be a positive integer, got ${String(value)}`);
  }
}

/** Checks, at construction, that option `name` is one of `choices`. */
export function checkOneOf(name: string, value: unknown, choices: readonly string[]): void {
  if (!choices.includes(value as string)) {
    badOption(`${name} must be one of ${choices.join(', ')}, got ${String(value)}`);
  }
}
