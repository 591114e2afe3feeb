// The package as a user installs it (issue 25): the tarball's files, `require()` from CommonJS,
// one part loaded through its subpath without the rest, the NATS client optional.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, type Consumer } from './packed.js';

let c: Consumer;
beforeAll(() => {
  c = consumer();
}, 120_000);
afterAll(() => c?.remove());

/** The package's own manifest, as packed. */
const packedManifest = (): {
  scripts?: Record<string, string>;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
} => JSON.parse(readFileSync(join(c.dir, 'node_modules', 'txpipe', 'package.json'), 'utf8'));

/** The subpaths of the exports map that are code (not schemas or package.json). */
const subpaths = (): string[] =>
  Object.keys(packedManifest().exports).filter((k) => !k.includes('*') && !k.endsWith('.json'));

describe('the tarball', () => {
  it("holds the built library, its types, the CLI bundle and schemas, and nothing else (the docs are the repository's)", () => {
    const paths = c.packed.files.map((f) => f.path);
    const allowed =
      /^(package\.json|README\.md|CHANGELOG\.md|schemas\/.+\.json|dist\/types\/package\.json|dist\/src\/.+\.js|dist\/types\/src\/.+\.d\.ts|dist\/bin\/(package\.json|[\w-]+\.js))$/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    // no source maps (their sources are not shipped), no TypeScript sources, not the CLI's
    // modules twice (the bundle is the CLI; dist/src/cli is only the checkout's)
    expect(
      paths.filter((p) => /\.map$|\.ts$(?<!\.d\.ts)|^dist\/(src|types\/src)\/cli\//.test(p)),
    ).toEqual([]);
    // one bundle of the CLI (and the thread entries that load it)
    expect(paths.filter((p) => p.startsWith('dist/bin/')).sort()).toEqual([
      'dist/bin/cli.js',
      'dist/bin/load-cli.js',
      'dist/bin/package.json',
      'dist/bin/prescan-worker.js',
      'dist/bin/txpipe.js',
      'dist/bin/usage-worker.js',
    ]);
  });

  it('is under 2 MB unpacked', () => {
    expect(c.packed.unpackedSize).toBeLessThan(2_000_000);
  });

  it('has every file its exports map names, with types beside each entry', () => {
    const paths = new Set(c.packed.files.map((f) => f.path));
    for (const [key, target] of Object.entries(packedManifest().exports)) {
      if (key.includes('*')) continue;
      const files = typeof target === 'string' ? [target] : Object.values(target as object);
      for (const f of files as string[])
        expect(paths, `${key}: ${f}`).toContain(f.replace(/^\.\//, ''));
      if (key !== './package.json') expect(target).toHaveProperty('types');
    }
  });

  it('has no install scripts (no prepare: npm warns of install scripts), the NATS client optional', () => {
    const m = packedManifest();
    expect(
      Object.keys(m.scripts ?? {}).filter((s) => /^(pre|post)?(install|prepare)$/.test(s)),
    ).toEqual([]);
    expect(Object.keys(m.dependencies).filter((d) => d.startsWith('@nats-io/'))).toEqual([]);
    // An optional peer, not an optionalDependency: npm leaves out an optional dependency whose
    // engines do not match (@nats-io/nuid asks for Node 22), so on Node 20 `npm ci` of the
    // checkout would lose the client its build and tests need (devDependencies hold it there).
    expect(Object.keys(m.optionalDependencies ?? {})).toEqual([]);
    const nats = ['@nats-io/jetstream', '@nats-io/transport-node'];
    expect(Object.keys(m.peerDependencies ?? {}).sort()).toEqual(nats);
    for (const n of nats) expect(m.peerDependenciesMeta?.[n]).toEqual({ optional: true });
  });
});

describe('require() and import() of the installed package', () => {
  it.each(['txpipe', 'txpipe/redact', 'txpipe/clip', 'txpipe/worker'])(
    'require(%j) gives what import() gives',
    (name) => {
      const keys = (how: string): string[] => {
        const r = c.node([
          '-e',
          `${how}.then((m) => console.log(JSON.stringify(Object.keys(m).sort())))`,
        ]);
        expect(r.stderr).toBe('');
        return JSON.parse(r.stdout) as string[];
      };
      const required = keys(`Promise.resolve(require(${JSON.stringify(name)}))`);
      expect(required.length).toBeGreaterThan(2);
      expect(required).toEqual(keys(`import(${JSON.stringify(name)})`));
    },
  );

  it('a CommonJS script runs records through stages built at once after require()', () => {
    writeFileSync(
      join(c.dir, 'etl.cjs'),
      [
        "const { Readable } = require('node:stream');",
        "const { pipeline } = require('node:stream/promises');",
        "const { readRecords, stringify, redact, clip, dedupUsage } = require('txpipe');",
        'const line = JSON.stringify({ note: "key AKIAIOSFODNN7EXAMPLE " + "x".repeat(50) });',
        'pipeline(readRecords(Readable.from([line + "\\n"])), redact(), clip({ limit: 20 }), dedupUsage(), stringify(), process.stdout);',
      ].join('\n'),
    );
    const r = c.node(['etl.cjs']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { note: string };
    expect(out.note).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(out.note).toMatch(/\[clipped \d+ bytes\]$/);
  });

  it('the worker names its missing NATS client instead of failing on an import', () => {
    const r = c.node([
      '-e',
      [
        "const { runWorker, workerOptions } = require('txpipe/worker');",
        "const o = workerOptions({ stream: 'S', consumer: 'c', pipeline: 'cat', outputSubject: 'out', deadLetterSubject: 'dead' });",
        'runWorker(o, { stderr: process.stderr, quiet: true, stop: new Promise(() => {}) })',
        '  .then(() => console.log("ran"), (e) => console.log(JSON.stringify({ code: e.code, message: e.message })));',
      ].join('\n'),
    ]);
    const e = JSON.parse(r.stdout) as { code: string; message: string };
    expect(e.code).toBe('ERR_TXPIPE_MISSING_PACKAGE');
    expect(e.message).toContain('@nats-io/');
    expect(e.message).toContain('npm install');
  });
});

describe('the CLI of the installed package', () => {
  it('txpipe worker names its missing NATS client and exits 1', () => {
    const bin = join('node_modules', 'txpipe', 'dist', 'bin', 'txpipe.js');
    const r = c.node([
      bin,
      'worker',
      '--stream',
      'S',
      '--output-subject',
      'o',
      '--pipeline',
      'cat',
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^txpipe: the worker needs the package @nats-io\/[a-z-]+, an optional dependency that is not installed: npm install @nats-io\//,
    );
  });

  it('runs a command from its one bundle', () => {
    const bin = join('node_modules', 'txpipe', 'dist', 'bin', 'txpipe.js');
    writeFileSync(join(c.dir, 'in.jsonl'), '{"password":"hunter2hunter2"}\n');
    const r = c.node([bin, 'redact', 'in.jsonl']);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '{"password":"[redacted]"}\n', '']);
  });
});

describe('a subpath loads its part only', () => {
  /** The files of the package an import of `name` loads (a resolve hook logs each module). */
  function loaded(name: string): string[] {
    const log = join(c.dir, `loaded-${name.replace(/\W/g, '_')}.txt`);
    writeFileSync(
      join(c.dir, 'log-hooks.mjs'),
      [
        "import { appendFileSync } from 'node:fs';",
        'export async function resolve(spec, ctx, next) {',
        '  const r = await next(spec, ctx);',
        '  if (r.url.startsWith("file:")) appendFileSync(process.env.LOAD_LOG, r.url + "\\n");',
        '  return r;',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(c.dir, 'log-register.mjs'),
      "import { register } from 'node:module'; register('./log-hooks.mjs', import.meta.url);",
    );
    const r = c.node(['--import', './log-register.mjs', '-e', `import(${JSON.stringify(name)})`], {
      LOAD_LOG: log,
    });
    expect(r.stderr).toBe('');
    const urls = readFileSync(log, 'utf8')
      .split('\n')
      .filter((u) => u.includes('/node_modules/txpipe/'));
    return [...new Set(urls)];
  }

  it('the hook sees what a plain import loads (the root: every part)', () => {
    const root = loaded('txpipe');
    expect(root.some((u) => u.endsWith('/dist/src/transforms/redact.js'))).toBe(true);
    expect(root.some((u) => u.endsWith('/dist/src/transforms/usage.js'))).toBe(true);
  });

  it.each([
    [
      'txpipe/clip',
      '/dist/src/transforms/clip.js',
      ['/redact/', '/usage/', '/transforms/convert.js'],
    ],
    [
      'txpipe/redact',
      '/dist/src/transforms/redact.js',
      ['/clip/', '/usage/', '/transforms/convert.js'],
    ],
    [
      'txpipe/usage',
      '/dist/src/transforms/usage.js',
      ['/redact/', '/transforms/clip.js', '/transforms/convert.js'],
    ],
    [
      'txpipe/stream',
      '/dist/src/stream/read-records.js',
      ['/redact/', '/clip/', '/usage/', '/formats/'],
    ],
    ['txpipe/otlp', '/dist/src/formats/otlp/encoder.js', ['/redact/', '/clip/', '/usage/']],
    ['txpipe/worker', '/dist/src/worker/jetstream-worker.js', []],
    // The engine runs any command a pipeline's text names, so it may load every part.
    ['txpipe/engine', '/dist/src/engine/run-pipeline.js', []],
  ])('%s loads %s and none of %j, and fewer modules than the root', (name, has, hasNot) => {
    const files = loaded(name);
    expect(files.some((u) => u.endsWith(has))).toBe(true);
    for (const part of hasNot)
      expect(
        files.filter((u) => u.includes(part)),
        part,
      ).toEqual([]);
    if (name !== 'txpipe/worker' && name !== 'txpipe/engine')
      expect(files.length).toBeLessThan(loaded('txpipe').length / 2);
  });

  it('every subpath of the exports map is covered here or in the root', () => {
    expect(subpaths().sort()).toEqual(
      [
        '.',
        './awf',
        './clip',
        './convert',
        './engine',
        './formats',
        './otlp',
        './pipeline',
        './redact',
        './stream',
        './usage',
        './worker',
      ].sort(),
    );
  });
});
