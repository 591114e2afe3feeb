#!/usr/bin/env node
// Before `npm run build`: removes what tsc wrote last time (a module deleted or moved in src/
// would stay in dist/ and be packed), and marks the declarations in dist/types/ as CommonJS's
// as well as ES modules': one set of .d.ts serves `import` and `require()` consumers (the
// package's modules have no top-level await, so Node 20.19+ require()s them; tsc's `node16`
// resolution types a CommonJS consumer's require of an ES module declaration as an error).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
for (const d of ['src', 'types', 'bin']) rmSync(join(dist, d), { recursive: true, force: true });
mkdirSync(join(dist, 'types'), { recursive: true });
writeFileSync(join(dist, 'types', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
