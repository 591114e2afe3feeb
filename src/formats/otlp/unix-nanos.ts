const RFC3339 = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(?:[.,](\d+))?([Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * An RFC 3339 time as nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes
 * `fixed64`), keeping the digits past milliseconds that `Date` drops; undefined when the text is
 * not such a time. A time without a zone is not guessed at.
 */
export function unixNanos(time: string | undefined): bigint | undefined {
  if (time === undefined) return undefined;
  const m = RFC3339.exec(time);
  if (!m) return undefined;
  const ms = Date.parse(
    `${m[1]!.replace(/[t ]/, 'T')}${m[3]!.length === 5 ? `${m[3]!.slice(0, 3)}:${m[3]!.slice(3)}` : m[3]}`,
  );
  if (Number.isNaN(ms)) return undefined;
  const fraction = (m[2] ?? '').slice(0, 9).padEnd(9, '0');
  return BigInt(ms) * 1_000_000n + BigInt(fraction);
}
