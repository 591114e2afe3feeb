#!/usr/bin/env node
// Bundles the CLI into dist/bin/, not minified, with linked source maps:
// - txpipe.js, the entry (bin/txpipe.ts): answers `--version` itself, else loads one of:
// - cli-<command>.js for each command of COMMAND_BUILDS (below): src/cli/main.ts without what
//   that command never runs (other commands, facets of other kinds, readers and writers, yargs);
// - cli.mjs, the whole CLI (src/cli/main.ts and every module it may run), for the rest;
// - prescan-worker.js, the worker thread that runs redact's prescan ahead on a large file.
// Each is one file. A module reached by a dynamic import() (a command's behaviour, a format's
// reader or facet, the yargs parser) is compiled with the file but runs only when imported
// (esbuild wraps it in an init function), so a run reads one file and runs only what its command
// uses. One file measured faster than the ~45 chunks of a split build (Node's ES module loader
// costs ~0.4 ms of CPU per file), and a smaller file compiles faster: bench/RESULTS.md, "Start-up
// (w3-startup ...)". The entry and the command builds are CommonJS (dist/bin/package.json says
// so), which Node runs without its ES module loader: 2-4 ms less start-up than as ES modules
// (bench/RESULTS.md, "Redact start-up (w4-startup ...)"); none of their modules may await at its
// top level (esbuild refuses it), so a command's facets are awaited by its `load()`. The whole
// CLI stays an ES module (the readers and writers it may load await their facets at top level).
// Packages (yargs, stream-json, ajv, the NATS client) stay in node_modules and
// are imported where they are used, never at the top of a module (esbuild would hoist such an
// import to the top of the file, and every run would load the package). Node built-ins are
// taken without ES module facades (builtins below). The library (dist/src/) is tsc's, not
// bundled. Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bin');

/**
 * Node built-ins whose functions are loaded on first call instead of when a build loads (each
 * costs ~0.2-1 ms of start-up, measured with `process.moduleLoadList`; node:fs/promises is
 * needed only to walk a folder). Only functions can be
 * imported from them: esbuild fails the build on any other name ("No matching export").
 */
const LAZY_BUILTINS = new Set([
  'node:crypto',
  'node:fs/promises',
  'node:module',
  'node:net',
  'node:zlib',
]);

/**
 * Every `node:` import of a build taken from `process.getBuiltinModule` rather than through an ES
 * module import: Node builds an ES module facade of a built-in by reading every export, which
 * runs the lazy getters behind them (node:fs's streams and promises, node:buffer's File and
 * Blob, ...) and loads modules no run asked for. The names exported are the built-in's plain
 * values, read once when the build loads, and its getters of functions, read on the first call;
 * the lazy ones above are loaded on the first call of one of their functions.
 */
const builtins = {
  name: 'builtins',
  setup(b) {
    const used = namesImported();
    b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'builtin' }));
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (a) => {
      const mod = createRequire(import.meta.url)(a.path);
      const id = JSON.stringify(a.path);
      const names = [...(used.get(a.path) ?? [])].filter((k) => k in mod);
      const lazy = LAZY_BUILTINS.has(a.path);
      const lines = [
        lazy
          ? `// ${a.path}, loaded on the first call of one of its functions`
          : `// ${a.path}, without an ES module facade`,
        lazy ? `let m;` : `const m = process.getBuiltinModule(${id});`,
        lazy ? `const load = () => (m ??= process.getBuiltinModule(${id}));` : '',
      ];
      for (const k of names) {
        const d = Object.getOwnPropertyDescriptor(mod, k);
        // A getter behind a function (util.parseArgs) is read on the first call, as is every
        // function of a lazy built-in; a wrapper cannot stand for a class (named in capitals).
        if ((lazy || d.get) && typeof mod[k] === 'function' && /^[a-z]/.test(k)) {
          lines.push(`export function ${k}(...a) { return ${lazy ? 'load()' : 'm'}.${k}(...a); }`);
        } else if (!lazy) lines.push(`export const ${k} = m.${k};`);
      }
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

/** The names src/ and bin/ import from each built-in (`import { a, b as c } from 'node:x'`). */
function namesImported() {
  const used = new Map();
  const files = ['src', 'bin'].flatMap((d) =>
    readdirSync(join(root, d), { recursive: true })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(root, d, f)),
  );
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, names, mod] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(node:[^']+)'/g)) {
      const set = used.get(mod) ?? used.set(mod, new Set()).get(mod);
      for (const n of names.split(',')) {
        const name = n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name && !/^type\s/.test(n.trim())) set.add(name);
      }
    }
  }
  return used;
}

/**
 * The commands with a build of their own, and the kinds of format facet each loads (the
 * commands whose start-up counts most: bench cases startup*). Their builds leave out the other
 * commands' behaviours, the facets of other kinds and the formats' readers, writers and replay
 * facets (only convert and replay load those), and yargs: a dynamic import of a module left
 * out fails with an error that says so (the CLI tests run every one of these commands through
 * its build), and a command line the quick parser leaves to yargs goes to the whole CLI.
 */
const COMMAND_BUILDS = {
  cat: [],
  redact: ['redact'],
  clip: ['clip'],
  usage: ['usage'],
  'dedup-usage': ['usage'],
};

const BEHAVIOURS = ['convert', 'replay', 'verify', 'normalize', 'awf-tree', 'run', 'detect'];
const FACETS = ['redact', 'clip', 'usage', 'replay'];

/** The modules (src/...ts) the build of `command` leaves out. */
function leftOut(command) {
  const behaviours = [...BEHAVIOURS, ...Object.keys(COMMAND_BUILDS)].filter((c) => c !== command);
  const files = [
    'decoder',
    'encoder',
    'awf-decoder',
    'awf-encoder',
    ...FACETS.filter((k) => !COMMAND_BUILDS[command].includes(k)),
  ];
  return new RegExp(
    `^src/(transforms/(${behaviours.join('|')})|worker/worker-behaviour|formats/[^/]+/(${files.join('|')}))\\.ts$`,
  );
}

/**
 * The build of cli-<command>.js: what `leftOut` names replaced by a module that throws, and
 * yargs-cli.ts by a stand-in that hands the whole command line to the full CLI, cli.mjs.
 */
function commandOnly(command) {
  const left = leftOut(command);
  return {
    name: 'command-only',
    setup(b) {
      b.onResolve({ filter: /\.js$/ }, (a) => {
        if (a.kind !== 'dynamic-import' || a.namespace !== 'file') return undefined;
        const path = relative(root, resolve(a.resolveDir, a.path)).replace(/\.js$/, '.ts');
        if (path === 'src/cli/yargs-cli.ts') return { path, namespace: 'to-full-cli' };
        return left.test(path) ? { path, namespace: 'left-out' } : undefined;
      });
      b.onResolve({ filter: /^\.\/cli\.mjs$/ }, (a) =>
        a.namespace === 'to-full-cli' ? { path: './cli.mjs', external: true } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, (a) => ({
        contents: `throw new Error(${JSON.stringify(`txpipe: ${a.path} is not in cli-${command}.js (scripts/bundle-cli.mjs)`)});`,
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'to-full-cli' }, () => ({
        contents: [
          `// src/cli/yargs-cli.ts in cli-${command}.js: the command line goes to the full CLI.`,
          'export class UsageError extends Error {}',
          'export async function buildCli(argv, io) {',
          '  return {',
          '    async parseAsync() {',
          "      const { runCli } = await import('./cli.mjs');",
          '      io.exit(await runCli(argv, io));',
          '    },',
          '  };',
          '}',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

for (const old of readdirSync(out)) {
  if (/^(chunks|cli|prescan-worker|usage-worker)/.test(old))
    rmSync(join(out, old), { recursive: true, force: true });
}
const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external', // ajv, stream-json, yargs and the NATS client are loaded from node_modules
  sourcemap: 'linked',
  logLevel: 'warning',
};
/** A CommonJS file (esbuild makes it strict, as the ES modules it is made of), with their `import.meta.url`. */
const commonJs = {
  format: 'cjs',
  banner: { js: "const import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': 'import_meta_url' },
};
await build({
  ...common,
  entryPoints: [join(root, 'src', 'cli', 'main.ts')],
  outfile: join(out, 'cli.mjs'),
  plugins: [builtins],
});
for (const command of Object.keys(COMMAND_BUILDS)) {
  await build({
    ...common,
    ...commonJs,
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    outfile: join(out, `cli-${command}.js`),
    plugins: [commandOnly(command), builtins],
  });
}
// The worker thread `usage` starts to read input files beside the main thread
// (src/transforms/usage-files-ahead.ts finds it beside the CLI's build).
await build({
  ...common,
  ...commonJs,
  entryPoints: [join(root, 'src', 'transforms', 'usage-worker.ts')],
  outfile: join(out, 'usage-worker.js'),
  plugins: [commandOnly('usage'), builtins],
});
await build({
  ...common,
  ...commonJs,
  entryPoints: [join(root, 'bin', 'txpipe.ts')],
  outfile: join(out, 'txpipe.js'),
  define: {
    ...commonJs.define,
    COMMAND_BUILDS: JSON.stringify(Object.keys(COMMAND_BUILDS)),
  },
  plugins: [builtins],
});
// The worker thread redact starts on a large file (src/redact/prescan-spec.ts names it beside
// the build that starts it: `new URL('./prescan-worker.js', import.meta.url)`).
await build({
  ...common,
  ...commonJs,
  entryPoints: [join(root, 'src', 'redact', 'prescan-worker.ts')],
  outfile: join(out, 'prescan-worker.js'),
  plugins: [builtins],
});
// The .js files here are CommonJS (the package's own type is module); cli.mjs is an ES module.
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
