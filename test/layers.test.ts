// The layer rule of docs/ARCHITECTURE.md: each layer of src/ imports only from its own layer and
// the layers below it. Core (stream, events) < engines (redact, clip, usage, replay) <
// formats < transforms (the commands) and worker (a command's long-running loop) < engine (a
// pipeline run over inputs: runPipeline, readInputs) < cli and index.ts. Every import statement of every file
// is checked, type-only imports and dynamic import() included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './shared.js';

const srcDir = join(repoRoot, 'src');

const LAYERS: Readonly<Record<string, number>> = {
  stream: 0,
  events: 0,
  redact: 1,
  clip: 1,
  usage: 1,
  replay: 1,
  formats: 2,
  transforms: 3,
  worker: 3,
  engine: 4,
  cli: 5,
  'index.ts': 5,
  exports: 5, // the package's entry points (subpaths), as index.ts
};

/** The layer of a path under src/ (its first segment), or undefined for a folder not listed. */
function layerOf(pathInSrc: string): number | undefined {
  return LAYERS[pathInSrc.split('/')[0]!];
}

/** The relative specifiers a TypeScript source imports or re-exports. */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) specs.push(m[1]!);
  return specs.filter((s) => s.startsWith('.'));
}

/** Each import of `file` (a path under src/) that reaches a higher layer, as `file -> target`. */
function upwardImports(file: string, text: string): string[] {
  const from = layerOf(file);
  if (from === undefined) return [`${file}: not in any layer`];
  const out: string[] = [];
  for (const spec of importsOf(text)) {
    const target = relative(srcDir, resolve(dirname(join(srcDir, file)), spec)).replace(/\\/g, '/');
    const to = layerOf(target);
    if (to === undefined || to > from) out.push(`${file} -> ${target}`);
  }
  return out;
}

const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\\/g, '/'))
  .sort();

describe('layers: every src file imports only its own layer and those below', () => {
  it('finds the files and their imports', () => {
    expect(files).toContain('formats/registry.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('the checker sees every form of import', () => {
    const text = [
      "import { a } from '../formats/detect.js';",
      "import type { B } from '../transforms/spec.js';",
      "export { c } from '../cli/main.js';",
      "const d = await import('../formats/registry.js');",
      "import '../transforms/cat.js';",
      "import { e } from './withhold.js';",
      "import { f } from '../stream/rec.js';",
    ].join('\n');
    expect(upwardImports('redact/x.ts', text)).toEqual([
      'redact/x.ts -> formats/detect.js',
      'redact/x.ts -> transforms/spec.js',
      'redact/x.ts -> cli/main.js',
      'redact/x.ts -> transforms/cat.js',
      'redact/x.ts -> formats/registry.js',
    ]);
    expect(upwardImports('stream/x.ts', "import { g } from '../usage/tokens.js';")).toEqual([
      'stream/x.ts -> usage/tokens.js',
    ]);
    expect(upwardImports('cli/x.ts', "import { h } from '../formats/registry.js';")).toEqual([]);
    expect(upwardImports('cli/x.ts', "import { i } from '../engine/run-plan.js';")).toEqual([]);
    expect(upwardImports('engine/x.ts', "import { j } from '../cli/signals.js';")).toEqual([
      'engine/x.ts -> cli/signals.js',
    ]);
  });

  it('no file imports upward', () => {
    const found = files.flatMap((f) => upwardImports(f, readFileSync(join(srcDir, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('no src file is over 400 lines', () => {
    const long = files.filter(
      (f) => readFileSync(join(srcDir, f), 'utf8').split('\n').length - 1 > 400,
    );
    expect(long).toEqual([]);
  });
});
