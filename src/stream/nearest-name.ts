/**
 * The edit distance of two names (insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count one: `framng` is one from `framing`, `limt` one from
 * `limit`), compared without case.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // Three rows of the optimal-string-alignment table: two back, one back, this one.
  let back2: number[] = [];
  let back1 = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      const same = s[i - 1] === t[j - 1];
      let d = Math.min(
        (back1[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (back1[j - 1] as number) + (same ? 0 : 1),
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, (back2[j - 2] as number) + 1);
      }
      row.push(d);
    }
    back2 = back1;
    back1 = row;
  }
  return back1[t.length] as number;
}

/**
 * The known name nearest to `name`, when one is near enough to be what was meant: at most a
 * third of the longer name's characters apart (at least one), or one name holding the other
 * (`max` for `maxLineBytes`). The first of equally near names.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name, k);
    const near =
      d <= Math.max(1, Math.floor(Math.max(name.length, k.length) / 3)) ||
      (name.length >= 3 && k.toLowerCase().includes(name.toLowerCase()));
    if (near && d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}
