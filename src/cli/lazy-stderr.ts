import { fstatSync } from 'node:fs';

/**
 * Standard error for a run, made only when something uses it. Node builds `process.stderr` on
 * first access, and when it is a pipe (as under most harnesses and `2>&1 |`) that loads node:net,
 * a few ms of start-up, while most runs write nothing there. A pipe is never a terminal, so
 * `isTTY` is answered (false) without making it; any other use makes it and goes to it. A
 * terminal or a file is cheap to make: `process.stderr` itself is returned then.
 */
export function lazyStderr(): NodeJS.WritableStream {
  let pipe: boolean;
  try {
    const s = fstatSync(2);
    pipe = s.isFIFO() || s.isSocket();
  } catch {
    pipe = false;
  }
  if (!pipe) return process.stderr;
  return new Proxy({} as NodeJS.WritableStream, {
    get(_, key) {
      if (key === 'isTTY') return false;
      const stream = process.stderr;
      const value: unknown = Reflect.get(stream, key, stream);
      return typeof value === 'function' ? (value as () => unknown).bind(stream) : value;
    },
    set(_, key, value) {
      return Reflect.set(process.stderr, key, value);
    },
  });
}
