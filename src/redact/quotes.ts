/**
 * Forward-only lookups of the next closing quote and the next line end, remembered between calls
 * so that a text with many openings (`password="` repeated) is still scanned once: the rules ask
 * for positions left to right, and an answer stays valid until the asker passes it.
 */
export class Cursor {
  private readonly quote = new Map<string, [from: number, at: number]>();
  private eolFrom = -1;
  private eolAt = -1;

  constructor(private readonly s: string) {}

  /** Index of the next `q` at or after `from` not escaped by a backslash (for `"`), or -1. */
  closing(q: string, from: number): number {
    const memo = this.quote.get(q);
    if (memo && memo[0] <= from && (memo[1] >= from || memo[1] === -1)) return memo[1];
    let at = this.s.indexOf(q, from);
    while (at !== -1 && q === '"' && escaped(this.s, at)) at = this.s.indexOf(q, at + 1);
    this.quote.set(q, [from, at]);
    return at;
  }

  /** Index of the next `\n` at or after `from`, or the text's length. */
  lineEnd(from: number): number {
    if (this.eolFrom <= from && this.eolAt >= from) return this.eolAt;
    const at = this.s.indexOf('\n', from);
    this.eolFrom = from;
    this.eolAt = at === -1 ? this.s.length : at;
    return this.eolAt;
  }
}

/** Is the character at `at` preceded by an odd number of backslashes? */
function escaped(s: string, at: number): boolean {
  let n = 0;
  for (let i = at - 1; i >= 0 && s.charCodeAt(i) === 92; i--) n++;
  return n % 2 === 1;
}
