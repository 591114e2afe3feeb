import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { repoRoot } from './shared.js';

// The public barrel (src/index.ts) gives the streaming core's factories, each building a native
// Transform (DESIGN §6: lower-case factories returning native streams).
describe('public API', () => {
  it.each([
    ['lines', () => api.lines()],
    ['parse', () => api.parse()],
    ['stringify', () => api.stringify()],
    ['recordTransform', () => api.recordTransform((r) => r)],
    ['cat', () => api.cat()],
    ['detect', () => api.detect()],
  ])('%s() is a native Transform', (_name, make) => {
    expect(make()).toBeInstanceOf(Transform);
  });

  it('lists every command once', () => {
    const names = api.commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['cat', 'detect']));
    expect(api.getCommand('cat')?.name).toBe('cat');
    expect(api.getCommand('no-such-command')).toBeUndefined();
  });
});

/** Every name src/index.ts exports, values and types, from its `export { ... } from` lines. */
function indexExports(): { values: string[]; types: string[] } {
  const text = readFileSync(join(repoRoot, 'src', 'index.ts'), 'utf8');
  expect(text).not.toMatch(/export \*/); // every name is listed by hand
  const values: string[] = [];
  const types: string[] = [];
  for (const m of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from/g)) {
    for (const item of m[2]!.split(',').map((x) => x.trim())) {
      if (item === '') continue;
      const name = item
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!;
      (m[1] || item.startsWith('type ') ? types : values).push(name);
    }
  }
  return { values, types };
}

/** The names docs/api.md lists: the backquoted names on its list lines. */
function documented(): string[] {
  const text = readFileSync(join(repoRoot, 'docs', 'api.md'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .flatMap((l) => [...l.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
}

describe('the export list is docs/api.md', () => {
  it('the values exported at run time are those src/index.ts lists', () => {
    expect(Object.keys(api).sort()).toEqual(indexExports().values.sort());
  });

  it('docs/api.md lists every exported name, and no other', () => {
    const { values, types } = indexExports();
    expect(documented().sort()).toEqual([...values, ...types].sort());
  });

  it('internal helpers are not exported', () => {
    for (const name of ['parseLine', 'recText', 'BoundedMap', 'readOrReject', 'usageFormats'])
      expect(api).not.toHaveProperty(name);
  });
});
