#!/usr/bin/env node
// Bundles the CLI once, into dist/bin/, its whitespace and syntax minified (names kept: a stack
// trace still names its functions), with external source maps (for the checkout:
// test/cli/startup-loads.test.ts reads them; the package leaves them out, as it leaves out src/):
// - cli.js, the whole CLI (src/cli/main.ts and every module it may run) and the modules of its
//   worker threads (bin/cli.ts);
// - txpipe.js, the entry (bin/txpipe.ts): answers `--version` itself, else runs cli.js through
// - load-cli.js (bin/load-cli.ts), which reads cli.js with V8's code cache; cli.js's import() of
//   a package becomes a call of the `import_package` it hands in (a script V8 makes from its
//   cache has no import() of its own in Node 20);
// - prescan-worker.js and usage-worker.js, the worker threads' entries (redact's prescan ahead on
//   a large file, usage's reader of input files beside the main thread), found beside the build
//   that starts them (`new URL('./prescan-worker.js', import.meta.url)`): two lines each that
//   run their module from cli.js.
// A module reached by a dynamic import() (a command's behaviour, a format's reader or facet,
// the yargs parser) is compiled with the file but runs only when imported (esbuild wraps it in
// an init function), so a run reads one file and runs only what its command uses. One file
// measured faster than the ~45 chunks of a split build (Node's ES module loader costs ~0.4 ms
// of CPU per file): bench/RESULTS.md, "Start-up (w3-startup ...)". Every file is CommonJS
// (dist/bin/package.json says so), which Node runs without its ES module loader: 2-4 ms less
// start-up than as ES modules (bench/RESULTS.md, "Redact start-up (w4-startup ...)"); no module
// of src/ may await at its top level (esbuild refuses it, and so would `require('txpipe')`).
// Until issue 25 each of five commands had a build of its own beside the whole CLI (and the
// usage thread a seventh copy): 2.4 MB of the package for a few ms of start-up each.
// Packages (yargs, stream-json, ajv, the NATS client) stay in node_modules and
// are imported where they are used, never at the top of a module (esbuild would hoist such an
// import to the top of the file, and every run would load the package). Node built-ins are
// taken without ES module facades (builtins below). The library (dist/src/) is tsc's, not
// bundled. Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

for (const old of readdirSync(out)) {
  if (/^(chunks|cli|load-cli|prescan-worker|usage-worker|txpipe\.js\.map)/.test(old))
    rmSync(join(out, old), { recursive: true, force: true });
}
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external', // ajv, stream-json, yargs and the NATS client are loaded from node_modules
  sourcemap: 'external',
  logLevel: 'warning',
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS (esbuild makes it strict, as the ES modules it is made of), with their `import.meta.url`.
  banner: { js: "const import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': 'import_meta_url' },
  plugins: [builtins],
};
await build({
  ...common,
  entryPoints: [join(root, 'bin', 'cli.ts')],
  outfile: join(out, 'cli.js'),
});
// Its import() of a package, made a call of the function bin/load-cli.ts hands it (a script V8
// makes from its code cache has no import() of its own); none other is left.
const cli = readFileSync(join(out, 'cli.js'), 'utf8').replace(
  /\bimport\((?=")/g,
  'import_package(',
);
if (/\bimport\(/.test(cli)) throw new Error('cli.js: an import() that is not of a package');
writeFileSync(join(out, 'cli.js'), cli);
await build({
  ...common,
  entryPoints: [join(root, 'bin', 'txpipe.ts')],
  outfile: join(out, 'txpipe.js'),
  external: ['./load-cli.js'], // beside it, read only by a run that needs the CLI
});
// The bundle's reader (bin/load-cli.ts: V8's code cache), for the entry and the threads' entries.
await build({
  ...common,
  entryPoints: [join(root, 'bin', 'load-cli.ts')],
  outfile: join(out, 'load-cli.js'),
});
// The worker threads' entries: their modules are in cli.js (bin/cli.ts, `THREADS`).
// Each reads the code cache of the command that starts it (bin/load-cli.ts).
for (const [thread, command] of [
  ['prescan', 'redact'],
  ['usage', 'usage'],
]) {
  writeFileSync(
    join(out, `${thread}-worker.js`),
    `'use strict';\n// The ${thread} worker thread: its module, from the CLI's bundle (scripts/bundle-cli.mjs).\nrequire('./load-cli.js').loadCli(__dirname, '${command}', false).thread('${thread}');\n`,
  );
}
// The .js files here are CommonJS (the package's own type is module).
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
