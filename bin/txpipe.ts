#!/usr/bin/env node
// The entry users run, as built by scripts/bundle-cli.mjs into dist/bin/txpipe.js. `--version` is
// answered here, before the CLI itself is read and compiled. A command of COMMAND_BUILDS runs from
// its own build of the CLI, dist/bin/cli-<command>.js (the same code less what that command never
// runs); any other command line from the whole CLI, dist/bin/cli.js.
import type { main } from '../src/cli/main.js';
import { packageVersion } from '../src/cli/version.js';

/** The commands with a build of their own (set by scripts/bundle-cli.mjs). */
declare const COMMAND_BUILDS: readonly string[];

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const command = argv[0] ?? '';
  const file = COMMAND_BUILDS.includes(command) ? `./cli-${command}.js` : './cli.js';
  void (import(file) as Promise<{ main: typeof main }>).then((cli) => cli.main(argv));
}
