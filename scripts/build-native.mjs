#!/usr/bin/env node
// Builds txpipe's optional native part (native/*.cc -> build/Release/txpipe_native.node) with
// node-gyp, the copy npm ships. Without it txpipe runs in JavaScript only, with the same results,
// so a failed build only warns, unless TXPIPE_REQUIRE_NATIVE=1 (CI) makes it an error. Skipped
// when the addon is newer than its sources, and when TXPIPE_NATIVE=0 (the part is not wanted).
// Run by `npm run build` and at the package's install.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const addon = join(root, 'build', 'Release', 'txpipe_native.node');
const sources = [
  join(root, 'binding.gyp'),
  ...readdirSync(join(root, 'native')).map((f) => join(root, 'native', f)),
];
const required = process.env.TXPIPE_REQUIRE_NATIVE === '1';

function upToDate() {
  if (!existsSync(addon)) return false;
  const built = statSync(addon).mtimeMs;
  return sources.every((s) => statSync(s).mtimeMs <= built);
}

/** npm's own node-gyp: npm names it to scripts; else the one beside this Node's npm. */
function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  return candidates.find((c) => c && existsSync(c));
}

function giveUp(why) {
  const msg = `txpipe: native part not built (${why}); txpipe runs in JavaScript only, slower on large inputs.`;
  if (required) {
    console.error(`${msg}\nTXPIPE_REQUIRE_NATIVE=1: failing.`);
    process.exit(1);
  }
  console.warn(msg);
  process.exit(0);
}

if (process.env.TXPIPE_NATIVE === '0' && !required) process.exit(0);
if (upToDate()) process.exit(0);
const gyp = nodeGyp();
if (gyp === undefined) giveUp('node-gyp not found');
// Node's own headers when they are installed beside it (node-gyp would otherwise download them).
const prefix = join(dirname(process.execPath), '..');
const args = [gyp, 'rebuild', '--loglevel=warn'];
if (!process.env.npm_config_nodedir && existsSync(join(prefix, 'include', 'node', 'node_api.h')))
  args.push(`--nodedir=${prefix}`);
const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
if (r.status !== 0) {
  if (required || process.env.TXPIPE_NATIVE_VERBOSE === '1') process.stderr.write(r.stderr ?? '');
  giveUp(`node-gyp exited ${r.status ?? r.signal}; TXPIPE_NATIVE_VERBOSE=1 shows why`);
}
