// The package's types as a TypeScript user gets them (issue 25): no `any` in the declarations the
// entry points reach, and small ES module and CommonJS consumers that type-check against the
// packed tarball under node16, nodenext and bundler resolution, library checks on.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../shared.js';
import { consumer, type Consumer } from './packed.js';

let c: Consumer;
beforeAll(() => {
  c = consumer();
  mkdirSync(join(c.dir, 'node_modules', '@types'), { recursive: true });
  spawnSync('ln', [
    '-s',
    join(repoRoot, 'node_modules', '@types', 'node'),
    join(c.dir, 'node_modules', '@types', 'node'),
  ]);
}, 120_000);
afterAll(() => c?.remove());

/** Every `any` written in the declarations the package's entries reach, as `file:line`. */
function anys(entries: readonly string[]): string[] {
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: [],
  });
  const found: string[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.includes('/node_modules/txpipe/')) continue;
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.AnyKeyword) {
        const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
        found.push(`${sf.fileName.replace(/^.*\/node_modules\/txpipe\//, '')}:${line + 1}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

describe('the public declarations', () => {
  it('hold no any (records and options are typed)', () => {
    const types = join(c.dir, 'node_modules', 'txpipe', 'dist', 'types', 'src');
    const entries = [join(types, 'index.d.ts'), join(types, 'exports', 'worker.d.ts')];
    expect(anys(entries)).toEqual([]);
  });

  it('the probe finds an any where there is one', () => {
    const dir = join(c.dir, 'node_modules', 'txpipe', 'probe-any.d.ts');
    writeFileSync(dir, 'export declare function f(x: any): void;\n');
    expect(anys([dir])).toEqual(['probe-any.d.ts:1']);
  });
});

const CONSUMER = (from: (module: string) => string): string => `
import { Readable } from 'node:stream';
import { readRecords, redact, stringify, TxpipeError, type Rec, type TxpipeErrorCode } from ${from('txpipe')};
import { clip, type ClipOptions } from ${from('txpipe/clip')};
import { usage, type UsageReport } from ${from('txpipe/usage')};
import { registerFormat, type FormatAdapter, type Event } from ${from('txpipe/formats')};
import { runWorker, type WorkerOptions } from ${from('txpipe/worker')};
import { chain } from ${from('txpipe/pipeline')};

const options: ClipOptions = { limit: '4KiB', fields: { text: 100 } };
export const out = readRecords(Readable.from(['{}\\n'])).pipe(redact()).pipe(clip(options)).pipe(stringify());
export const rec: Rec = { raw: '{}', value: {}, line: 1, source: '-' };
export const code: TxpipeErrorCode = new TxpipeError('ERR_TXPIPE_INPUT', 'x').code;
export const onReport = (r: UsageReport): number => r.totals.total;
export const stage = usage({ format: 'json', onReport });
export const kinds = (e: Event): string => e.kind;
export const both = chain('redact | clip');
export type Adapter = FormatAdapter;
export type Worker = WorkerOptions;
export { registerFormat, runWorker };
`;

const RESOLUTIONS: Readonly<Record<string, Record<string, string>>> = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
};

/** tsc over `files` in the consumer project under one resolution; its output. */
function tsc(resolution: string, files: readonly string[]): { code: number | null; out: string } {
  const config = join(c.dir, `tsconfig.${resolution}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        ...RESOLUTIONS[resolution],
        target: 'es2022',
        lib: ['es2023'],
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files,
    }),
  );
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config],
    {
      cwd: c.dir,
      encoding: 'utf8',
    },
  );
  return { code: r.status, out: r.stdout + r.stderr };
}

describe('consumers type-check against the packed package', () => {
  beforeAll(() => {
    writeFileSync(
      join(c.dir, 'esm.mts'),
      CONSUMER((m) => `'${m}'`),
    );
    writeFileSync(
      join(c.dir, 'cjs.cts'),
      CONSUMER((m) => `'${m}'`) +
        "\nimport txpipe = require('txpipe');\nexport const cat = txpipe.cat();\n",
    );
    writeFileSync(
      join(c.dir, 'wrong.mts'),
      "import { clip } from 'txpipe/clip';\nexport const s = clip({ limit: true });\n",
    );
  });

  it.each(['node16', 'bundler'])(
    'an ES module and a CommonJS consumer, %s resolution',
    (resolution) => {
      expect(tsc(resolution, ['esm.mts', 'cjs.cts'])).toEqual({ code: 0, out: '' });
    },
  );

  it('an ES module and a CommonJS consumer, nodenext resolution; a wrong option is an error (the types are checked, not any)', () => {
    const r = tsc('nodenext', ['esm.mts', 'cjs.cts', 'wrong.mts']);
    expect(r.code).not.toBe(0);
    const errors = r.out.split('\n').filter((l) => /error TS/.test(l));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^wrong\.mts\(2,\d+\): error TS2322/);
  });
});
