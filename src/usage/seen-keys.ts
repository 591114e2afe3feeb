/**
 * A bounded set of keys, least recently used out first: the memory of which replies were already
 * counted. A key pushed out can be counted again if it comes back, so the bound (`max`) should
 * exceed the number of replies between a reply and its copy (a resumed session copies earlier
 * history; ~200 bytes per key, so the default 1,000,000 keys is about 200 MB at worst).
 */
export class SeenKeys {
  readonly #max: number;
  readonly #keys = new Map<string, true>();

  constructor(max: number) {
    this.#max = max;
  }

  /** Whether the key was seen; a hit makes it the most recent. */
  has(key: string): boolean {
    if (!this.#keys.has(key)) return false;
    this.#keys.delete(key);
    this.#keys.set(key, true);
    return true;
  }

  add(key: string): void {
    this.#keys.delete(key);
    this.#keys.set(key, true);
    if (this.#keys.size > this.#max) this.#keys.delete(this.#keys.keys().next().value as string);
  }
}
