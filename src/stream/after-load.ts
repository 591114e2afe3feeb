/**
 * A value built once what it needs has loaded: at once when nothing is `pending`, else when
 * `pending` settles (a stage built before the formats' facets are loaded waits for them before
 * its first record, so the package needs no top-level await and CommonJS can `require()` it).
 */
export interface AfterLoad<T> {
  /** The value, or undefined while it waits. */
  now(): T | undefined;
  /** Calls `use` with the value, at once or once it is built; a failure to load or build goes to `fail`. */
  use(use: (value: T) => void, fail: (err: Error) => void): void;
}

export function afterLoad<T>(pending: Promise<unknown> | undefined, build: () => T): AfterLoad<T> {
  let built: { value: T } | undefined = pending === undefined ? { value: build() } : undefined;
  const later = pending?.then(() => (built ??= { value: build() }).value);
  return {
    now: () => built?.value,
    use(use, fail) {
      if (built) return use(built.value);
      later!.then(use, fail);
    },
  };
}
