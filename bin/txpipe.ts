#!/usr/bin/env node
// The entry users run. `--version` is answered here, before the CLI itself is read and compiled.
// The common commands run from a smaller build of the same code (dist/bin/cli-common.js, without
// the other commands, the formats' readers and writers, or yargs); the rest from the whole CLI
// (dist/bin/cli.js). See scripts/bundle-cli.mjs.
import { packageVersion } from '../src/cli/version.js';

/** Commands run from cli-common.js: the ones start-up matters most for. */
const COMMON_COMMANDS = new Set(['cat', 'redact', 'clip', 'usage', 'dedup-usage']);

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`${packageVersion()}\n`);
} else if (COMMON_COMMANDS.has(argv[0] ?? '')) {
  void import('../src/cli/common-main.js').then(({ main }) => main(argv));
} else {
  void import('../src/cli/main.js').then(({ main }) => main(argv));
}
