import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';
import { CATALOG } from '../../src/redact/providers/catalog/index.js';
import { researchAAC } from '../../src/redact/providers/catalog/research-a-ac.js';
import { researchADG } from '../../src/redact/providers/catalog/research-a-dg.js';
import { researchAGitLab } from '../../src/redact/providers/catalog/research-a-gitlab.js';
import { researchAHL } from '../../src/redact/providers/catalog/research-a-hl.js';
import { TOKEN_RULES } from '../../src/redact/token-rules.js';
import { fixture, repoRoot } from '../shared.js';
import { escapeLiteral, exampleOf, looksRandom, scannerOf, sourceOf } from './catalog-shapes.js';

/** Catalog share A: providers A to L. */
const SHARE: readonly ProviderFormat[] = [
  ...researchAAC,
  ...researchADG,
  ...researchAGitLab,
  ...researchAHL,
];
const rows = SHARE.map((e) => [`${e.kind} ${e.prefixes[0]}`, e] as const);

describe('catalog share A: every entry is well formed', () => {
  it('is in the catalog', () => {
    for (const e of SHARE) expect(CATALOG).toContain(e);
  });

  it.each(rows)('%s', (_name, e) => {
    expect(e.kind).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(e.provider.trim()).not.toBe('');
    expect(e.source).toMatch(/^https:\/\/[^\s]+$/);
    expect(e.prefixes.length).toBeGreaterThan(0);
    for (const p of e.prefixes) expect(p.length).toBeGreaterThanOrEqual(3);
    for (const part of [e.body, e.suffix ?? '']) {
      // No capture groups, no look-arounds, no anchors, no back-references.
      expect(part).not.toMatch(/\((?!\?:)/);
      expect(part).not.toMatch(/\(\?[=!<]/);
      expect(part).not.toMatch(/(?<!\\)[\^$]/);
      expect(part).not.toMatch(/\\[1-9bB]/);
    }
    expect(() => new RegExp(sourceOf(e))).not.toThrow();
  });

  it.each(rows)('%s: a token of its documented shape matches, whole', (_name, e) => {
    const body = exampleOf(e.body);
    const suffix = e.suffix ? exampleOf(e.suffix) : '';
    if (e.random) expect(looksRandom(body)).toBe(true);
    for (const prefix of e.prefixes) {
      const token = `${prefix}${body}${suffix}`;
      const found = [...` ${token} `.matchAll(scannerOf(e))].map((m) => m[0]);
      expect(found).toEqual([token]);
    }
  });

  it('no two entries share a prefix and a body', () => {
    const seen = new Map<string, string>();
    for (const e of SHARE) {
      for (const p of e.prefixes) {
        const key = `${p}\u0000${e.body}\u0000${e.suffix ?? ''}`;
        expect(seen.get(key), `${p}${e.body}`).toBeUndefined();
        seen.set(key, e.kind);
      }
    }
  });

  it('repeats no token rule txpipe already has', () => {
    const known = new Set(TOKEN_RULES.map((r) => r.body));
    for (const e of SHARE) {
      for (const p of e.prefixes) expect(known).not.toContain(`${escapeLiteral(p)}${e.body}`);
    }
  });
});

/** Every string (values and keys) of a parsed JSON value. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsOf(v);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield k;
      yield* stringsOf(v);
    }
  }
}

/** Every `.jsonl` file under a folder. */
function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonlFiles(path);
    return name.endsWith('.jsonl') ? [path] : [];
  });
}

/** The strings of the real Claude Code sessions and of samples/, parsed line by line. */
function corpusStrings(): string[] {
  const files = [...jsonlFiles(fixture('claude-code')), ...jsonlFiles(join(repoRoot, 'samples'))];
  const out: string[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        out.push(...stringsOf(JSON.parse(line)));
      } catch {
        out.push(line);
      }
    }
  }
  return out;
}

describe('catalog share A: no false positives on real sessions', () => {
  const strings = corpusStrings();

  it('reads a real corpus', () => {
    expect(strings.length).toBeGreaterThan(1000);
  });

  it.each(rows)('%s matches nothing in them', (_name, e) => {
    const re = scannerOf(e);
    const hits: string[] = [];
    for (const s of strings) {
      for (const m of s.matchAll(re)) if (!e.random || looksRandom(m[1]!)) hits.push(m[0]);
    }
    expect(hits).toEqual([]);
  });
});
