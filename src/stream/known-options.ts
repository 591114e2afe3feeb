import { TxpipeError } from './errors.js';
import { isRecord } from './is-record.js';
import { nearestName } from './nearest-name.js';

/**
 * Every option of an options type, each named once: the compiler holds the list to the type (a
 * name missing, misspelt or extra does not build), so a factory's known names are its options
 * type's, never a second list kept by hand.
 */
export type OptionList<O> = { readonly [K in keyof Required<O>]: true };

/** The names of an option list, for `checkKnownOptions`. */
export function optionNames<O>(list: OptionList<O>): readonly string[] {
  return Object.freeze(Object.keys(list));
}

/**
 * Checks, at construction, that every key of `options` is one `owner` knows (undefined values
 * included: a misspelt name is wrong whatever it holds). An unknown one throws a TxpipeError
 * (`ERR_TXPIPE_UNKNOWN_OPTION`) naming it, the nearest known name when one is near, and the
 * known names; `options` that are not a plain object throw `ERR_TXPIPE_BAD_OPTION`.
 */
export function checkKnownOptions(owner: string, options: unknown, known: readonly string[]): void {
  if (options === undefined) return;
  if (!isRecord(options)) {
    throw new TxpipeError(
      'ERR_TXPIPE_BAD_OPTION',
      `${owner}: options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`,
    );
  }
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const near = nearestName(name, known);
    const hint = near === undefined ? '' : `; did you mean ${near}?`;
    throw new TxpipeError(
      'ERR_TXPIPE_UNKNOWN_OPTION',
      `${owner}: unknown option ${name}${hint} (known: ${known.join(', ') || 'none'})`,
    );
  }
}
