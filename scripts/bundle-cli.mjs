#!/usr/bin/env node
// Bundles the CLI into dist/bin/, not minified, with source maps:
// - txpipe.js, the entry (bin/txpipe.ts): answers `--version` itself, else imports cli.js;
// - cli.js, the CLI (src/cli/main.ts and every module it may run) in one file. A module reached
//   by a dynamic import() (a command's behaviour, a format's reader or facet, the yargs parser)
//   is compiled with the file but runs only when imported (esbuild wraps it in an init
//   function), so a run reads and compiles one file and runs only what its command uses. One
//   file measured faster than ~45 split chunks (Node's ES module loader costs ~0.4 ms of CPU
//   per file): bench/RESULTS.md, "Start-up (w3-startup ...)".
// Packages (yargs, stream-json, ajv, the NATS client) stay in node_modules and are imported
// where they are used, never at the top of a module, so that a run loads only those it needs.
// A few Node built-ins only rare paths call (gzip, hashing, IP parsing) are loaded on their
// first call (lazyBuiltins below). The library (dist/src/) is tsc's, not bundled. Run by
// `npm run build` after tsc.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bin');

/**
 * Node built-ins whose functions are loaded on first call instead of when cli.js loads (each
 * costs a few ms of start-up, measured with `process.moduleLoadList`). Only functions can be
 * imported from them: esbuild fails the build on any other name ("No matching export").
 */
const LAZY_BUILTINS = ['node:crypto', 'node:net', 'node:zlib'];

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const filter = new RegExp(`^(${LAZY_BUILTINS.join('|')})$`);
    b.onResolve({ filter }, (a) => ({ path: a.path, namespace: 'lazy-builtin' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (a) => {
      const mod = createRequire(import.meta.url)(a.path);
      const fns = Object.keys(mod).filter((k) => typeof mod[k] === 'function');
      const lines = [
        `// ${a.path}, loaded on the first call of one of its functions`,
        `let m;`,
        `const load = () => (m ??= process.getBuiltinModule(${JSON.stringify(a.path)}));`,
        ...fns.map((k) => `export function ${k}(...a) { return load().${k}(...a); }`),
      ];
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

/** The entry imports the CLI as the separate file cli.js. */
const cliApart = {
  name: 'cli-apart',
  setup(b) {
    b.onResolve({ filter: /\/src\/cli\/main\.js$/ }, () => ({ path: './cli.js', external: true }));
  },
};

rmSync(join(out, 'chunks'), { recursive: true, force: true });
const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external', // ajv, stream-json, yargs and the NATS client are loaded from node_modules
  sourcemap: 'linked',
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: [join(root, 'src', 'cli', 'main.ts')],
  outfile: join(out, 'cli.js'),
  plugins: [lazyBuiltins],
});
await build({
  ...common,
  entryPoints: [join(root, 'bin', 'txpipe.ts')],
  outfile: join(out, 'txpipe.js'),
  plugins: [cliApart],
});
