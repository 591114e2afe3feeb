import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env } from './run.js';

/**
 * Start-up cost is module loading, so these tests pin what a run loads (no timers: the speed is
 * measured in bench/). A module hook writes every module URL the spawned CLI loads to a file.
 */
const dir = mkdtempSync(join(tmpdir(), 'txpipe-loads-'));
const hooks = join(dir, 'hooks.mjs');
const register = join(dir, 'register.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.TXPIPE_LOAD_LOG, url + '\\n');
  return next(url, context);
}
`,
);
writeFileSync(
  register,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);

let runs = 0;

/**
 * The modules a loaded file holds: a file of the bundled CLI (dist/bin/, see
 * scripts/bundle-cli.mjs) holds the src/ modules its source map lists, named as tsc builds them
 * (`dist/src/cli/main.js`); any other file is itself.
 */
function sourcesOf(path: string): string[] {
  if (!path.startsWith('dist/bin/')) return [path];
  const map = JSON.parse(readFileSync(join(repoRoot, `${path}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources
    .map((s) => relative(repoRoot, join(repoRoot, dirname(path), s)))
    .filter((s) => s.startsWith('src/'))
    .map((s) => `dist/${s.replace(/\.ts$/, '.js')}`);
}

/** The modules `txpipe ...args` loads, as paths under dist/src or node_modules/<package>. */
function loads(args: readonly string[]): { code: number | null; modules: string[] } {
  const log = join(dir, `log-${runs++}.txt`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', register, bin, ...args], {
    cwd: repoRoot,
    env: { ...env, TXPIPE_LOAD_LOG: log },
    input: '',
    encoding: 'utf8',
  });
  const root = pathToFileURL(repoRoot).href + '/';
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith(root))
    .map((u) => u.slice(root.length))
    .flatMap(sourcesOf)
    .map((p) => p.replace(/^dist\/src\//, '').replace(/^node_modules\/([^/]+)\/.*$/, '$1'));
  return { code: r.status, modules: [...new Set(modules)] };
}

beforeAll(ensureBuilt);

describe('start-up loads only what the command needs', () => {
  it('the probe sees the modules a run loads', () => {
    const r = loads(['cat', '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('transforms/cat.js');
    expect(r.modules).toContain('cli/run-command.js');
  });

  it.each([
    ['cat', ['cat', '/dev/null']],
    ['usage', ['usage', '--json', '/dev/null']],
  ])('%s loads no other command', (name, args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    const others = r.modules.filter(
      (m) => /^transforms\/[a-z-]+\.js$/.test(m) && m !== `transforms/${name}.js`,
    );
    expect(
      others.filter((m) => m !== 'transforms/registry.js' && m !== 'transforms/spec.js'),
    ).toEqual([]);
    expect(r.modules).toContain(`transforms/${name}.js`);
  });
});

describe('usage loads its renderers only for the report it writes', () => {
  it('--json loads neither the text nor the HTML renderer', () => {
    const r = loads(['usage', '--json', '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).not.toContain('usage/render-text.js');
    expect(r.modules).not.toContain('usage/render-html.js');
  });

  it('--csv loads the text renderer only', () => {
    const r = loads(['usage', '--csv', '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('usage/render-text.js');
    expect(r.modules).not.toContain('usage/render-html.js');
  });

  it('--html loads the HTML renderer', () => {
    const r = loads(['usage', '--json', '--html', join(dir, 'report.html'), '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('usage/render-html.js');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<html');
  });
});

describe('yargs is loaded only for what the quick parser leaves to it', () => {
  it.each([
    [['cat', '/dev/null']],
    [['usage', '--json', '/dev/null']],
    [['redact', '--report', '/dev/null']],
    [['--version']],
  ])('%j does not load yargs', (args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    expect(r.modules).not.toContain('yargs');
  });

  it.each([[['--help']], [['cat', '--nope']]])('%j loads yargs', (args) => {
    expect(loads(args).modules).toContain('yargs');
  });
});

describe('format readers and writers are loaded only to convert or replay', () => {
  const codecs = (modules: string[]): string[] =>
    modules.filter(
      (m) => /^formats\/.+\/.*(decoder|encoder)\.js$/.test(m) || m.startsWith('redact/'),
    );

  it.each([[['cat', '/dev/null']], [['usage', '--json', '/dev/null']], [['detect', '/dev/null']]])(
    '%j loads none',
    (args) => {
      const r = loads(args);
      expect(r.code).toBe(0);
      expect(codecs(r.modules)).toEqual([]);
    },
  );

  it('convert loads them', () => {
    const r = loads(['convert', '--to', 'flockdeck', '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('formats/flockdeck/encoder.js');
    expect(r.modules).toContain('formats/claude-code/decoder.js');
  });
});

describe('format facets are loaded only by the command that uses them', () => {
  const facets = (modules: string[], kind: string): string[] =>
    modules.filter((m) => new RegExp(`^formats/[^/]+/${kind}\\.js$`).test(m));
  const KINDS = ['redact', 'clip', 'usage', 'replay'];

  it.each([[['cat', '/dev/null']], [['detect', '/dev/null']]])('%j loads none', (args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    for (const kind of KINDS) expect(facets(r.modules, kind)).toEqual([]);
  });

  it.each([
    ['usage', ['usage', '--json', '/dev/null']],
    ['redact', ['redact', '/dev/null']],
    ['clip', ['clip', '/dev/null']],
  ])('%s loads its own kind only', (kind, args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    expect(facets(r.modules, kind)).toContain('formats/claude-code/' + kind + '.js');
    for (const other of KINDS.filter((k) => k !== kind))
      expect(facets(r.modules, other)).toEqual([]);
  });
});

describe('stream-json is loaded only for input that is not JSON Lines', () => {
  it('JSON Lines input does not load it', () => {
    const file = join(dir, 'lines.jsonl');
    writeFileSync(file, '{"a":1}\n');
    const r = loads(['cat', file]);
    expect(r.code).toBe(0);
    expect(r.modules).not.toContain('stream-json');
  });

  it('a JSON array loads it', () => {
    const file = join(dir, 'array.json');
    writeFileSync(file, '[\n  {"a": 1}\n]\n');
    const r = loads(['cat', file]);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('stream-json');
  });
});
