/** Escapes that stand for one character of a class or an assertion, not for a literal character. */
const NOT_LITERAL_ESCAPES = new Set('dDwWsSbBpPuxck0123456789'.split(''));

/**
 * The longest run of literal characters that every match of the regex `source` (no flags: case
 * counts) must contain, or '' when none is found. A rule whose regex is run over a text only
 * where its run occurs (`text.includes(run)`) finds the same matches: a gate, never a filter of
 * matches. Read conservatively: a top-level alternation, an unknown group or an optional atom gives
 * nothing rather than a wrong answer; a group that must match gives the runs inside it.
 */
export function requiredLiteral(source: string): string {
  return runs(source)?.reduce((best, r) => (r.length > best.length ? r : best), '') ?? '';
}

/** Every run of literal characters required by `source`, or undefined when it cannot be read. */
function runs(source: string): string[] | undefined {
  const out: string[] = [];
  let run = '';
  const cut = (): void => {
    if (run !== '') out.push(run);
    run = '';
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    let atom: string | undefined; // the literal character matched, if the atom is one
    let inner: string[] | undefined; // the runs required inside a group
    let end: number; // the index after the atom
    if (c === '|') return undefined;
    if (c === '\\') {
      const e = source[i + 1];
      if (e === undefined) return undefined;
      if (!NOT_LITERAL_ESCAPES.has(e) && !/[A-Za-z]/.test(e)) atom = e;
      end = i + 2;
    } else if (c === '[') {
      end = classEnd(source, i);
      if (end === -1) return undefined;
    } else if (c === '(') {
      const close = groupEnd(source, i);
      if (close === -1) return undefined;
      const body = groupBody(source, i, close);
      if (body === undefined) return undefined;
      inner = body === null ? [] : runs(body);
      if (inner === undefined) inner = [];
      end = close + 1;
    } else if (c === ')' || c === '*' || c === '+' || c === '?' || c === '{') {
      return undefined;
    } else {
      if (c !== '.' && c !== '^' && c !== '$') atom = c;
      end = i + 1;
    }
    const q = quantifier(source, end);
    if (q === undefined) return undefined;
    i = q.end;
    if (q.min === 0) {
      cut();
      continue;
    }
    if (inner !== undefined) {
      cut();
      out.push(...inner);
      continue;
    }
    if (atom === undefined) {
      cut();
      continue;
    }
    run += atom;
    if (q.repeats) cut();
  }
  cut();
  return out;
}

/** The quantifier after an atom ending at `at`: its least count, whether more may follow, where it ends. */
function quantifier(
  s: string,
  at: number,
): { min: number; repeats: boolean; end: number } | undefined {
  const c = s[at];
  let min = 1;
  let repeats = false;
  let end = at;
  if (c === '?' || c === '*') {
    min = 0;
    end = at + 1;
  } else if (c === '+') {
    repeats = true;
    end = at + 1;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(at));
    if (m === null) return undefined;
    min = Number(m[1]);
    repeats = m[2] !== undefined || min > 1;
    end = at + m[0].length;
  }
  if (end > at && s[end] === '?') end++; // lazy
  return { min, repeats, end };
}

/** The index of the `]` closing the class opened at `at`, or -1. */
function classEnd(s: string, at: number): number {
  for (let i = at + 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ']' && i > at + 1) return i + 1;
  }
  return -1;
}

/** The index of the `)` closing the group opened at `at`, or -1. */
function groupEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const e = classEnd(s, i);
      if (e === -1) return -1;
      i = e - 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The body of the group `s[at, close]` when it must match its body (capturing, `(?:`, named),
 * null for a look-around (which consumes nothing: no run), undefined for anything else.
 */
function groupBody(s: string, at: number, close: number): string | null | undefined {
  const g = s.slice(at + 1, close);
  if (!g.startsWith('?')) return g;
  if (g.startsWith('?:')) return g.slice(2);
  if (/^\?(?:=|!|<=|<!)/.test(g)) return null;
  const named = /^\?<[A-Za-z_$][\w$]*>/.exec(g);
  return named === null ? undefined : g.slice(named[0].length);
}
