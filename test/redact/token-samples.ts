import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';

/**
 * Strings a catalog entry's own regexes describe, made from the entry (never hand-written): a
 * tiny generator over the regex subset the catalog allows (literals, escapes, classes, `(?:…|…)`
 * groups, `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`).
 */
type Node =
  | { t: 'chars'; set: string; min: number; max: number }
  | { t: 'group'; alts: Node[][]; min: number; max: number };

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/** A seeded generator of numbers in [0, 1). */
export function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function parse(src: string): Node[][] {
  let i = 0;
  const alternation = (): Node[][] => {
    const alts: Node[][] = [[]];
    while (i < src.length && src[i] !== ')') {
      if (src[i] === '|') {
        i++;
        alts.push([]);
        continue;
      }
      let node: Node;
      const c = src[i] as string;
      if (c === '(') {
        i += src.startsWith('(?:', i) ? 3 : 1;
        const inner = alternation();
        i++; // ')'
        node = { t: 'group', alts: inner, min: 1, max: 1 };
      } else if (c === '[') {
        let set = '';
        i++;
        while (src[i] !== ']') {
          let a = src[i] as string;
          if (a === '\\') a = src[++i] as string;
          if (src[i + 1] === '-' && src[i + 2] !== ']') {
            let b = src[i + 2] as string;
            if (b === '\\') b = src[++i + 2] as string;
            for (let k = a.charCodeAt(0); k <= b.charCodeAt(0); k++) set += String.fromCharCode(k);
            i += 3;
          } else {
            set += a;
            i++;
          }
        }
        i++;
        node = { t: 'chars', set, min: 1, max: 1 };
      } else if (c === '\\') {
        const e = src[i + 1] as string;
        i += 2;
        const set = e === 'd' ? DIGITS : e === 'w' ? LOWER + UPPER + DIGITS + '_' : e;
        node = { t: 'chars', set, min: 1, max: 1 };
      } else {
        i++;
        node = { t: 'chars', set: c, min: 1, max: 1 };
      }
      const q = /^(?:\?|\*|\+|\{(\d+)(?:(,)(\d*))?\})/.exec(src.slice(i));
      if (q) {
        i += q[0].length;
        if (q[0] === '?') [node.min, node.max] = [0, 1];
        else if (q[0] === '*') [node.min, node.max] = [0, Infinity];
        else if (q[0] === '+') [node.min, node.max] = [1, Infinity];
        else {
          node.min = Number(q[1]);
          node.max = q[2] === undefined ? node.min : q[3] === '' ? Infinity : Number(q[3]);
        }
      }
      (alts[alts.length - 1] as Node[]).push(node);
    }
    return alts;
  };
  return alternation();
}

/** A string `source` matches: the least of each repetition (`shortest`) or a few more. */
export function sample(source: string, rand: () => number, shortest = false): string {
  const gen = (alts: Node[][]): string => {
    const seq = alts[shortest ? 0 : Math.floor(rand() * alts.length)] as Node[];
    let out = '';
    for (const n of seq) {
      const hi = Math.min(n.max, n.min + 8);
      const count = shortest ? n.min : n.min + Math.floor(rand() * (hi - n.min + 1));
      for (let k = 0; k < count; k++)
        out += n.t === 'chars' ? n.set[Math.floor(rand() * n.set.length)] : gen(n.alts);
    }
    return out;
  };
  return gen(parse(source));
}

/** Does `rest` (what follows the prefix) pass the entry's checks on its characters? */
export function passesChecks(f: ProviderFormat, rest: string): boolean {
  if (f.digit === true && !/\d/.test(rest)) return false;
  if (f.random === true && !(/\d/.test(rest) && /[a-z]/.test(rest) && /[A-Z]/.test(rest)))
    return false;
  return true;
}

/** A token of the entry: a prefix, a body and its suffix, passing its checks (the first of 200 tries). */
export function tokenOf(f: ProviderFormat, rand: () => number): string {
  for (let tries = 0; tries < 200; tries++) {
    const prefix = f.prefixes[Math.floor(rand() * f.prefixes.length)] as string;
    const rest = sample(f.body, rand) + (f.suffix ? sample(f.suffix, rand) : '');
    if (passesChecks(f, rest)) return prefix + rest;
  }
  throw new Error(`${f.kind}: no sample passes its checks`);
}

/**
 * The entry's shortest token with its last character taken off: one too short (after its
 * shortest prefix, which no other of its prefixes can stand for; passing its checks).
 */
export function tooShortOf(f: ProviderFormat, rand: () => number): string {
  const prefix = [...f.prefixes].sort((a, b) => a.length - b.length)[0] as string;
  let rest = '';
  for (let tries = 0; tries < 200; tries++) {
    rest = (sample(f.body, rand, true) + (f.suffix ? sample(f.suffix, rand, true) : '')).slice(
      0,
      -1,
    );
    if (passesChecks(f, rest)) break;
  }
  return prefix + rest;
}
