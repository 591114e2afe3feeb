#!/usr/bin/env node
// The entry users run, as built by scripts/bundle-cli.mjs into dist/bin/txpipe.js (CommonJS, as
// is the CLI's bundle: Node loads them without its ES module loader). `--version` is answered
// here, before the CLI itself is read and compiled; any other command line runs from the CLI's
// one bundle, dist/bin/cli.js.
import type { main } from '../src/cli/main.js';
import type { loadCli } from './load-cli.js';
import { packageVersion } from '../src/cli/version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  // This file is CommonJS: the bundle is read without Node's ES module loader, with V8's code
  // cache (load-cli.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (require('./load-cli.js') as { loadCli: typeof loadCli }).loadCli;
  void load<{ main: typeof main }>(__dirname, argv[0] ?? '', true).main(argv);
}
