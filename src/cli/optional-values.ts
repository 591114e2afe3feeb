import { commands } from '../transforms/registry.js';
import type { CommandSpec } from '../transforms/spec.js';
import { kebab } from './option-names.js';

/**
 * Rewrites a bare `--name` (or `-alias`) of a command option that has an `optionalValue` into
 * `--name=<optionalValue>`, so the parser never takes the next word (a file) as its value. The
 * command is the first word of `argv` that names one; nothing after `--` is touched.
 */
export function expandOptionalValues(
  argv: readonly string[],
  specs: readonly CommandSpec[] = commands,
): string[] {
  const spec = specs.find((s) => argv.includes(s.name));
  const first = spec === undefined ? -1 : argv.indexOf(spec.name);
  const bare = new Map<string, string>();
  for (const [name, o] of Object.entries(spec?.options ?? {})) {
    if (o.optionalValue === undefined) continue;
    bare.set(`--${kebab(name)}`, `--${kebab(name)}=${o.optionalValue}`);
    if (o.alias) bare.set(`-${o.alias}`, `--${kebab(name)}=${o.optionalValue}`);
  }
  const end = argv.indexOf('--');
  return argv.map((a, i) => (i > first && (end === -1 || i < end) ? (bare.get(a) ?? a) : a));
}
