#!/usr/bin/env node
// Bundles the CLI (bin/txpipe.ts and the src/ modules it imports) into dist/bin/: txpipe.js and
// chunks/*.js, one chunk per group of modules a run loads together (a command's behaviour is
// still loaded only when it runs), not minified, with source maps. Node then reads a few files at
// start-up instead of ~60 (measured in bench/RESULTS.md, "Start-up"). The library (dist/src/, from
// tsc) is not bundled. Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist', 'bin', 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'bin', 'txpipe.ts')],
  outdir: join(root, 'dist', 'bin'),
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external', // ajv, stream-json and yargs are loaded from node_modules
  sourcemap: 'linked',
  logLevel: 'warning',
});
