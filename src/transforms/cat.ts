import type { Transform } from 'node:stream';
import { recordTransform } from '../stream/record-transform.js';
import type { CommandBehaviour } from './spec.js';

/**
 * `cat`: the plumbing every other command uses. Records pass through untouched, so the output is
 * the input read tolerantly (blank lines dropped, bad lines reported) and written normalised (one
 * `\n`-terminated line per record, JSON arrays and pretty-printed values made into JSON Lines).
 */
export function cat(): Transform {
  return recordTransform((rec) => rec);
}

export const catBehaviour: CommandBehaviour = {
  stages: () => [cat()],
};
