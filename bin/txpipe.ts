#!/usr/bin/env node
// The entry users run. `--version` is answered here, before the CLI itself (dist/bin/cli.js, one
// file of every module the CLI may run; see scripts/bundle-cli.mjs) is read and compiled.
import { packageVersion } from '../src/cli/version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  void import('../src/cli/main.js').then(({ main }) => main(argv));
}
