/**
 * The CLI for the common commands (see `COMMON_COMMANDS` in bin/txpipe.ts): the same `main`.
 * It is a module of its own so that the bundle built from it (dist/bin/cli-common.js, see
 * scripts/bundle-cli.mjs) can leave out what those commands never run, and start faster.
 */
export { main } from './main.js';
