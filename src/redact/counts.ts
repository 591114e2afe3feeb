/** Counts per rule kind (never the secrets themselves), for `--report`. */
export class Counts {
  private readonly byKind: Record<string, number> = Object.create(null) as Record<string, number>;

  /** Adds one to a kind. */
  readonly add = (kind: string): void => {
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
  };

  /** A frozen copy, kinds sorted. */
  snapshot(): Readonly<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const k of Object.keys(this.byKind).sort()) out[k] = this.byKind[k] as number;
    return Object.freeze(out);
  }
}

/** One line for people: `redacted 3 (authorization 1, github-token 2)`. */
export function formatCounts(counts: Readonly<Record<string, number>>): string {
  const kinds = Object.entries(counts);
  const total = kinds.reduce((n, [, c]) => n + c, 0);
  if (total === 0) return 'txpipe redact: nothing redacted\n';
  return `txpipe redact: ${total} replaced (${kinds.map(([k, c]) => `${k} ${c}`).join(', ')})\n`;
}
