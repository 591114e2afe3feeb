#!/usr/bin/env node
// After tsc in `npm run build`: the library's modules (dist/src/**/*.js) without their comments
// (esbuild reprints each module as it is, unbundled and unminified, keeping its imports and
// names). The comments are the sources' (src/ is not packed) and were a third of the package's
// bytes; the declarations (dist/types/) keep theirs, which editors show.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const lib = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src');
const files = readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.js'),
);
await Promise.all(
  files.map(async (f) => {
    const path = join(lib, f);
    const { code } = await transform(readFileSync(path, 'utf8'), {
      loader: 'js',
      format: 'esm',
      target: 'node20',
      legalComments: 'none',
    });
    writeFileSync(path, code);
  }),
);
