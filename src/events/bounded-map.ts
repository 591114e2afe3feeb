/**
 * A Map that forgets its oldest entries past `limit`: the bound on state a reader or writer keeps
 * across records (call ids to tool names, links to subagents). Forgetting costs a lookup that
 * finds nothing, never memory without end.
 */
export class BoundedMap<K, V> {
  readonly #map = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#limit) {
      const oldest = this.#map.keys().next().value as K;
      this.#map.delete(oldest);
    }
  }

  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }
}
