import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formats } from '../../src/formats/registry.js';
import { commands } from '../../src/transforms/registry.js';
import { repoRoot } from '../shared.js';

const kebab = (n: string): string => n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const page = (...parts: string[]): string => join(repoRoot, 'docs', ...parts);
/** Does the text name the flag itself (not a longer flag that starts with it)? */
const names = (text: string, option: string): boolean =>
  new RegExp(`--${kebab(option)}(?![\\w-])`).test(text);

/** Options a command takes from format adapters (documented on the format's page). */
const adapterOptions = new Set(formats.flatMap((f) => Object.keys(f.options ?? {})));

describe('docs match the registries', () => {
  it.each(commands.map((c) => [c.name, c] as const))(
    'command %s has a page naming every option',
    (name, c) => {
      const p = page('commands', `${name}.md`);
      expect(existsSync(p), p).toBe(true);
      const text = readFileSync(p, 'utf8');
      const own = Object.keys(c.options).filter(
        (o) => !(name === 'convert' && adapterOptions.has(o)),
      );
      expect(own.filter((o) => !names(text, o))).toEqual([]);
    },
  );

  it.each(formats.map((f) => [f.id, f] as const))(
    'format %s has a page naming its own flags',
    (id, f) => {
      const p = page('formats', `${id}.md`);
      expect(existsSync(p), p).toBe(true);
      const text = readFileSync(p, 'utf8');
      expect(Object.keys(f.options ?? {}).filter((o) => !text.includes(`--${kebab(o)}`))).toEqual(
        [],
      );
    },
  );

  it('the README names every command', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(commands.map((c) => c.name).filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
  });

  it("docs/cli.md's command table has a row for every command, linking its page", () => {
    const cli = readFileSync(page('cli.md'), 'utf8');
    const rows = cli.split('\n').filter((l) => /^\| `[a-z][a-z-]*` \|/.test(l));
    expect(rows.map((l) => /^\| `([a-z-]+)`/.exec(l)![1])).toEqual(commands.map((c) => c.name));
    for (const c of commands) {
      expect(rows.find((l) => l.startsWith(`| \`${c.name}\``))).toContain(
        `(commands/${c.name}.md)`,
      );
    }
  });
});
