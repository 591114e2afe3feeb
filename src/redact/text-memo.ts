/** What a remembered text came to: clean (the text itself) or its redaction and the kinds counted. */
type Outcome =
  typeof CLEAN | { readonly out: string; readonly kinds: readonly string[]; readonly size: number };

const CLEAN = 0;

/**
 * A bounded memory of what the text rules made of long strings, so that a text seen again (a
 * tool result repeated in `toolUseResult`, a file read twice, a system prompt on every turn) is
 * not scanned again. Only strings of `minLength` characters or more are kept (a shorter one costs
 * less to scan than to look up), at most `maxChars` characters of them in all: past that the
 * oldest are forgotten first. The redaction of a text is a pure function of the text and the
 * redactor's options, so a remembered answer is the answer; the kinds it counted are counted
 * again on every use, so `--report` counts are those of a scan.
 */
export class TextMemo {
  readonly #memo = new Map<string, Outcome>();
  #chars = 0;

  constructor(
    readonly minLength: number,
    private readonly maxChars: number,
  ) {}

  /** The redaction of `s`, remembered or made by `redact` (which counts through `count`). */
  text(
    s: string,
    redact: (s: string, count: (kind: string) => void) => string,
    count: (kind: string) => void,
  ): string {
    const known = this.#memo.get(s);
    if (known !== undefined) {
      if (known === CLEAN) return s;
      for (const k of known.kinds) count(k);
      return known.out;
    }
    const kinds: string[] = [];
    const out = redact(s, (kind) => kinds.push(kind));
    for (const k of kinds) count(k);
    this.#remember(s, out === s ? CLEAN : { out, kinds, size: s.length + out.length });
    return out;
  }

  #remember(s: string, outcome: Outcome): void {
    const size = outcome === CLEAN ? s.length : outcome.size;
    if (size > this.maxChars) return;
    while (this.#chars + size > this.maxChars) {
      const [oldest, was] = this.#memo.entries().next().value as [string, Outcome];
      this.#memo.delete(oldest);
      this.#chars -= was === CLEAN ? oldest.length : was.size;
    }
    this.#memo.set(s, outcome);
    this.#chars += size;
  }

  /** How many characters are remembered (for tests of the bound). */
  get chars(): number {
    return this.#chars;
  }
}
