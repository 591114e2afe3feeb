#!/usr/bin/env node
// The entry users run, as built by scripts/bundle-cli.mjs into dist/bin/txpipe.js (CommonJS, as
// are the command builds: Node loads them without its ES module loader). `--version` is answered
// here, before the CLI itself is read and compiled. A command of COMMAND_BUILDS runs from its own
// build of the CLI, dist/bin/cli-<command>.js (the same code less what that command never runs);
// any other command line from the whole CLI, dist/bin/cli.mjs (an ES module).
import type { main } from '../src/cli/main.js';
import { packageVersion } from '../src/cli/version.js';

/** The commands with a build of their own (set by scripts/bundle-cli.mjs). */
declare const COMMAND_BUILDS: readonly string[];

type Cli = { main: typeof main };

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const command = argv[0] ?? '';
  const own = `./cli-${command}.js`;
  const whole = './cli.mjs';
  const cli: Promise<Cli> = COMMAND_BUILDS.includes(command)
    ? // This file is CommonJS: `require` reads the build without Node's ES module loader.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      Promise.resolve(require(own) as Cli)
    : (import(whole) as Promise<Cli>);
  void cli.then((c) => c.main(argv));
}
