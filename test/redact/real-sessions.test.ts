import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture, repoRoot } from '../shared.js';
import { stringChanges } from './string-changes.js';

/** Every transcript (JSON Lines) under shared/fixtures and samples/, by its path. */
function transcripts(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return transcripts(p);
      return name.endsWith('.jsonl') ? [p] : [];
    });
}

/** A file's name in the lists: under shared/fixtures as `fixtures/…`, else from the repo root. */
function nameOf(path: string): string {
  const inFixtures = relative(fixture(), path);
  return inFixtures.startsWith('..') ? relative(repoRoot, path) : `fixtures/${inFixtures}`;
}

interface Change {
  file: string;
  line: number;
  path: string;
  fragment: string;
}

/** Every string `txpipe redact` changes in `file`, against `txpipe cat` (the same reading). */
function changesIn(file: string): Change[] {
  const cat = txpipe(['cat', file]);
  const red = txpipe(['redact', file]);
  if (cat.code !== 0 || red.code !== 0) throw new Error(`${file}: ${cat.stderr}${red.stderr}`);
  const before = cat.stdout.split('\n');
  const after = red.stdout.split('\n');
  if (before.length !== after.length) throw new Error(`${file}: redact wrote another line count`);
  // The file's own line numbers: cat skips empty lines.
  const numbers = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((l, i) => (l.trim() === '' ? [] : [i + 1]));
  const out: Change[] = [];
  before.forEach((b, i) => {
    for (const c of stringChanges(b, after[i]!))
      for (const fragment of c.removed.length > 0 ? c.removed : [''])
        out.push({ file: nameOf(file), line: numbers[i] ?? i + 1, path: c.path, fragment });
  });
  return out;
}

const FILES = [...transcripts(fixture()), ...transcripts(join(repoRoot, 'samples'))];

interface Reviewed {
  file: string;
  line: number;
  beforeFragment: string;
  why: string;
  todo?: string;
}
const reviewed = JSON.parse(
  readFileSync(new URL('./real-sessions.reviewed.json', import.meta.url), 'utf8'),
) as { allowed: Reviewed[]; knownFalsePositives: Reviewed[] };
const key = (c: { file: string; line: number }, fragment: string): string =>
  `${c.file}:${c.line}: ${JSON.stringify(fragment)}`;

/**
 * "Every string in the real Claude Code sessions under shared/fixtures stays unless it holds a
 * secret" (issue 23): every string `txpipe redact` changes in a real transcript is in the reviewed
 * list, either allowed (a secret) or a known false positive with a todo; a change in neither list,
 * and a listed change that no longer happens, fail. The lists are real-sessions.reviewed.json.
 */
describe('redact on the real transcripts changes only reviewed strings', () => {
  beforeAll(ensureBuilt);

  it('finds the transcripts, and every reviewed entry names one of them', () => {
    expect(FILES.length).toBeGreaterThan(20);
    const names = new Set(FILES.map(nameOf));
    for (const r of [...reviewed.allowed, ...reviewed.knownFalsePositives])
      expect(names.has(r.file), r.file).toBe(true);
    for (const r of reviewed.knownFalsePositives)
      expect(r.todo, key(r, r.beforeFragment)).toBeTruthy();
  });

  describe.each(FILES.map((f) => [nameOf(f), f]))('%s', (name, file) => {
    it('every change is reviewed, and every reviewed change still happens', () => {
      const changed = new Set(changesIn(file).map((c) => key(c, c.fragment)));
      const allowed = reviewed.allowed
        .filter((r) => r.file === name)
        .map((r) => key(r, r.beforeFragment));
      const known = reviewed.knownFalsePositives
        .filter((r) => r.file === name)
        .map((r) => key(r, r.beforeFragment));
      const listed = new Set([...allowed, ...known]);
      expect(
        [...changed].filter((c) => !listed.has(c)),
        'changed, in neither reviewed list',
      ).toEqual([]);
      expect(
        allowed.filter((c) => !changed.has(c)),
        'allowed (a secret) but no longer removed',
      ).toEqual([]);
      expect(
        known.filter((c) => !changed.has(c)),
        'a known false positive no longer happens: remove it from knownFalsePositives',
      ).toEqual([]);
    });
  });
});
