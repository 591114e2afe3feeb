/**
 * Values a stream places by the index its events name (Anthropic's `content_block` `index`,
 * OpenAI Responses' `output_index` and `content_index`, Chat Completions' `tool_calls[].index`),
 * kept in a map: an index a recorded body gives as 4294967290, -1 or 0.5 costs one entry, where
 * an array would be made that long (and walked, index by index, for minutes) or would hold the
 * value as a property that its walks never see. `values()` gives them in index order.
 */
export class Slots<T> {
  private readonly byIndex = new Map<number, T>();

  /** Slots holding `list`'s values at their positions (its holes left out). */
  static of<T>(list: readonly T[]): Slots<T> {
    const s = new Slots<T>();
    list.forEach((v, i) => s.set(i, v));
    return s;
  }

  get(i: number): T | undefined {
    return this.byIndex.get(i);
  }

  set(i: number, value: T): void {
    this.byIndex.set(i, value);
  }

  has(i: number): boolean {
    return this.byIndex.has(i);
  }

  /** The index and value pairs, in the order they were first set. */
  entries(): IterableIterator<[number, T]> {
    return this.byIndex.entries();
  }

  /** The index after the highest held (0 when none is): where a value without an index goes. */
  next(): number {
    let max = -1;
    for (const i of this.byIndex.keys()) if (i > max) max = i;
    return Math.floor(max) + 1;
  }

  /** The values in index order. */
  values(): T[] {
    return [...this.byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
}
