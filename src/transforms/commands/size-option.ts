import { parseSize } from '../../clip/limits.js';

/**
 * The `coerce` of a size option (`--max-input-line-bytes 1MiB`): a positive whole number of
 * bytes, written as a number or with a unit as every size option takes it (`parseSize`). A bad
 * value is a usage error naming the flag as the user wrote it.
 */
export function sizeOption(flag: string): (value: string | number) => number {
  return (value) => {
    let n: number;
    try {
      n = parseSize(value);
    } catch {
      n = NaN;
    }
    if (!(Number.isInteger(n) && n > 0)) {
      throw new Error(
        `${flag}: cannot read "${String(value)}" as a size of at least one byte (such as 8192, 64KiB, 1MiB)`,
      );
    }
    return n;
  };
}
