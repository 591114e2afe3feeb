import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';
import { CATALOG } from '../../src/redact/providers/catalog/index.js';
import { fixture, repoRoot } from '../shared.js';

/**
 * The contract of the provider catalog's share b (providers M to Z and digits): every entry is a
 * well-formed, documented format, and none of them fires on the strings of real sessions.
 */

const catalogDir = join(repoRoot, 'src', 'redact', 'providers', 'catalog');
const researchFiles = readdirSync(catalogDir)
  .filter((f) => /^research-b.*\.ts$/.test(f))
  .sort();

const byFile: [file: string, entries: readonly ProviderFormat[]][] = [];
for (const file of researchFiles) {
  const mod = (await import(pathToFileURL(join(catalogDir, file)).href)) as Record<string, unknown>;
  const arrays = Object.values(mod).filter(Array.isArray) as (readonly ProviderFormat[])[];
  byFile.push([file, arrays.flat()]);
}
const ENTRIES: readonly ProviderFormat[] = byFile.flatMap(([, e]) => e);

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** prefix-escaped + body + suffix: the token as the engine compiles it, without boundaries. */
function tokenSource(e: ProviderFormat): string {
  const prefixes = e.prefixes.map(escapeRegex).join('|');
  return `(?:${prefixes})(?:${e.body})${e.suffix ?? ''}`;
}

/** The body must look random: a digit, a lower- and an upper-case letter. */
const looksRandom = (s: string): boolean => /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);

/** Every match of an entry in `text`: a word-boundary look-behind unless the token may be glued. */
function matchesIn(e: ProviderFormat, re: RegExp, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const token = m[0];
    if (e.random) {
      const prefix = e.prefixes.find((p) => token.startsWith(p)) ?? '';
      if (!looksRandom(token.slice(prefix.length))) continue;
    }
    out.push(token);
  }
  return out;
}

const compiled = (e: ProviderFormat): RegExp =>
  new RegExp(`${e.gluedBefore ? '' : '(?<![A-Za-z0-9_])'}${tokenSource(e)}`, 'g');

/** Regex source with escapes and character classes taken out, to look for groups and anchors. */
function outsideClasses(source: string): string {
  return source.replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
}

/** Every JSON Lines file of real sessions: the Claude Code fixtures and samples/. */
function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsonlFiles(p);
    return name.endsWith('.jsonl') ? [p] : [];
  });
}

/** Every string of a JSON value, keys included, and strings that hold JSON read again. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
    const t = value.trimStart();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        stringsOf(JSON.parse(value), out);
      } catch {
        // Not JSON: the string itself is already checked.
      }
    }
  } else if (Array.isArray(value)) {
    for (const v of value) stringsOf(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  }
}

const sessionFiles = [
  ...jsonlFiles(fixture('claude-code')),
  ...jsonlFiles(join(repoRoot, 'samples')),
];
const sessionStrings: string[] = [];
for (const file of sessionFiles) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      stringsOf(JSON.parse(line), sessionStrings);
    } catch {
      sessionStrings.push(line);
    }
  }
}

/** One text, a newline between strings (no body's alphabet holds a newline). */
const sessionText = sessionStrings.join('\n');

/**
 * Matches in the real sessions that are real secrets, by entry kind, each with why. None today:
 * a match anywhere else is a false positive and fails the test.
 */
const KNOWN_SECRETS: Readonly<Record<string, readonly string[]>> = {};

describe('provider catalog, share b', () => {
  it('has the research files and enough entries', () => {
    expect(researchFiles.length).toBeGreaterThan(0);
    expect(ENTRIES.length).toBeGreaterThanOrEqual(120);
  });

  it('spreads every research-b entry into CATALOG', () => {
    const inCatalog = new Set(CATALOG);
    expect(ENTRIES.filter((e) => !inCatalog.has(e)).map((e) => e.kind)).toEqual([]);
  });

  it.each(byFile.map(([f, e]) => [f, e.length]))('%s stays a short file (%i entries)', (file) => {
    const lines = readFileSync(join(catalogDir, file), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(400);
  });

  it('has no two entries with the same prefix and body', () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const e of ENTRIES) {
      for (const p of e.prefixes) {
        const key = `${p}\u0000${e.body}\u0000${e.suffix ?? ''}`;
        const before = seen.get(key);
        if (before !== undefined) dupes.push(`${before} and ${e.kind}: ${p}`);
        seen.set(key, e.kind);
      }
    }
    expect(dupes).toEqual([]);
  });

  describe.each(ENTRIES.map((e) => [`${e.provider} ${e.kind} ${e.prefixes.join(' ')}`, e]))(
    '%s',
    (_name, e) => {
      it('is well formed: kebab-case kind, https source, M-Z provider, prefixes of 3+', () => {
        expect(e.kind).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(e.provider).toMatch(/^[M-Zm-z0-9]/);
        expect(() => new URL(e.source)).not.toThrow();
        expect(new URL(e.source).protocol).toBe('https:');
        expect(e.prefixes.length).toBeGreaterThan(0);
        for (const p of e.prefixes) expect(p.length).toBeGreaterThanOrEqual(3);
      });

      it('compiles, with no capture group, anchor or look-around', () => {
        for (const part of [e.body, e.suffix ?? '']) {
          expect(() => new RegExp(part)).not.toThrow();
          const bare = outsideClasses(part);
          expect(bare).not.toMatch(/\((?!\?:)/);
          expect(bare).not.toMatch(/[\^$]/);
        }
        expect(() => new RegExp(tokenSource(e))).not.toThrow();
      });

      it('asks for a body of some length, not an empty or one-word tail', () => {
        const whole = new RegExp(`^(?:${e.body})${e.suffix ?? ''}$`);
        for (const tail of [
          '',
          'x',
          'example',
          'EXAMPLE',
          'handler',
          'test_value',
          'config-file',
        ]) {
          expect(whole.test(tail)).toBe(false);
        }
      });

      it('matches nothing in the real sessions', () => {
        const found = matchesIn(e, compiled(e), sessionText);
        const allowed = new Set(KNOWN_SECRETS[e.kind] ?? []);
        expect(found.filter((t) => !allowed.has(t))).toEqual([]);
      });
    },
  );

  it('reads the real sessions', () => {
    expect(sessionFiles.length).toBeGreaterThan(5);
    expect(sessionStrings.length).toBeGreaterThan(1000);
  });
});
