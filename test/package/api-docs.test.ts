// docs/api.md is the library's one page: each entry point's section lists exactly the names
// its emitted declarations (dist/types/src/exports/<part>.d.ts) export, and the root entry
// exports every part but the worker. Read with the TypeScript checker, so a name exported by
// `export *` or as a type only counts as the compiler sees it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot } from '../shared.js';

const types = join(repoRoot, 'dist', 'types', 'src');

/** The names each declaration file exports, by file. */
function exportsOf(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const f of files) {
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(f)!)!;
    out.set(
      f,
      checker
        .getExportsOfModule(symbol)
        .map((s) => s.name)
        .sort(),
    );
  }
  return out;
}

/** The names docs/api.md lists under each `## \`txpipe/<part>\`` heading (its subsections included). */
function documented(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let part: string | undefined;
  for (const line of readFileSync(join(repoRoot, 'docs', 'api.md'), 'utf8').split('\n')) {
    const heading = /^## (?:`txpipe\/(\w+)`)?/.exec(line);
    if (heading) part = heading[1];
    else if (part && line.startsWith('- ')) {
      const names = [...line.replace(/ \(src\/.*$/, '').matchAll(/`([A-Za-z_$][\w$]*)`/g)];
      sections.set(part, [...(sections.get(part) ?? []), ...names.map((m) => m[1]!)]);
    }
  }
  return sections;
}

let parts: string[];
let exported: Map<string, string[]>;
beforeAll(() => {
  ensureBuilt();
  parts = readdirSync(join(types, 'exports'))
    .filter((f) => f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.d\.ts$/, ''));
  exported = exportsOf([
    join(types, 'index.d.ts'),
    ...parts.map((p) => join(types, 'exports', `${p}.d.ts`)),
  ]);
}, 60_000);

describe('docs/api.md against the emitted declarations', () => {
  it('has a section for each entry point, and each lists exactly what that entry exports', () => {
    const docs = documented();
    expect([...docs.keys()].sort()).toEqual([...parts].sort());
    for (const p of parts) {
      expect(docs.get(p)!.sort(), `txpipe/${p}`).toEqual(
        exported.get(join(types, 'exports', `${p}.d.ts`)),
      );
    }
  });

  it('the root entry exports every part but the worker, and nothing else', () => {
    const union = parts
      .filter((p) => p !== 'worker')
      .flatMap((p) => exported.get(join(types, 'exports', `${p}.d.ts`))!);
    expect(new Set(union).size).toBe(union.length); // each name in one part only
    expect(exported.get(join(types, 'index.d.ts'))).toEqual(union.sort());
  });

  it('internals stay internal', () => {
    const root = exported.get(join(types, 'index.d.ts'))!;
    for (const name of [
      'StageDriver',
      'RunLinker',
      'commands',
      'getCommand',
      'CommandSpec',
      'parseLine',
      'BoundedMap',
      'readOrReject',
    ])
      expect(root).not.toContain(name);
  });

  it('the package.json exports map has one subpath for each part', () => {
    const m = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    for (const p of parts) expect(m.exports).toHaveProperty([`./${p}`]);
  });
});
