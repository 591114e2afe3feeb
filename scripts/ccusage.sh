#!/usr/bin/env bash
# Runs ccusage 20.0.24 (the native binary) installed OUTSIDE package.json: its lock entry names
# optional native packages for other platforms that the registry does not have, which breaks
# `npm ci`. Installed once into ${TMPDIR:-/tmp}/txpipe-ccusage, then reused.
# Usage: scripts/ccusage.sh claude daily --json --offline -z UTC   (CLAUDE_CONFIG_DIR as you like)
set -euo pipefail
prefix="${TMPDIR:-/tmp}/txpipe-ccusage"
exe="$prefix/node_modules/.bin/ccusage"
if [ ! -x "$exe" ]; then
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix "$prefix" \
    ccusage@20.0.24 @ccusage/ccusage-linux-x64@20.0.24 >&2
fi
exec "$exe" "$@"
