import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env } from './run.js';

/**
 * Start-up cost is module loading, so these tests pin what a run loads (no timers: the speed is
 * measured in bench/). The spawned CLI runs with V8 coverage on (NODE_V8_COVERAGE), which lists
 * every script it compiled and, for each function, how often it ran. The bundled CLI
 * (scripts/bundle-cli.mjs) is one file holding every module; esbuild wraps a module that is
 * reached by a dynamic import() in an init function named after its source path
 * (`"src/transforms/cat.ts"() {...}`), run when the module is first imported. So a module of the
 * bundle was loaded when its init function ran, or when it has none (it runs with the file).
 */
const dir = mkdtempSync(join(tmpdir(), 'txpipe-loads-'));

let runs = 0;

interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { count: number }[] }[];
}

/**
 * The modules a compiled file holds that ran: for a file of the bundled CLI (dist/bin/), the src/
 * modules its source map lists, less those whose init function never ran, named as tsc builds
 * them (`dist/src/cli/main.js`); any other file is itself.
 */
function modulesRun(path: string, script: ScriptCoverage): string[] {
  if (!path.startsWith('dist/bin/')) return [path];
  const map = JSON.parse(readFileSync(join(repoRoot, `${path}.map`), 'utf8')) as {
    sources: string[];
  };
  const notRun = new Set(
    script.functions
      .filter((f) => f.functionName.startsWith('src/') && f.ranges[0]?.count === 0)
      .map((f) => f.functionName),
  );
  return map.sources
    .map((s) => relative(repoRoot, join(repoRoot, dirname(path), s)))
    .filter((s) => s.startsWith('src/') && !notRun.has(s))
    .map((s) => `dist/${s.replace(/\.ts$/, '.js')}`);
}

/** The modules `txpipe ...args` loads, as paths under dist/src or node_modules/<package>. */
function loads(args: readonly string[]): {
  code: number | null;
  modules: string[];
  files: string[];
} {
  const coverage = join(dir, `coverage-${runs++}`);
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env: { ...env, NODE_V8_COVERAGE: coverage },
    input: '',
    encoding: 'utf8',
  });
  const root = pathToFileURL(repoRoot).href + '/';
  const scripts = readdirSync(coverage).flatMap(
    (f) =>
      (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as { result: ScriptCoverage[] }).result,
  );
  const ours = scripts.filter((s) => s.url.startsWith(root));
  const modules = ours
    .flatMap((s) => modulesRun(s.url.slice(root.length), s))
    .map((p) => p.replace(/^dist\/src\//, '').replace(/^node_modules\/([^/]+)\/.*$/, '$1'));
  const files = ours.map((s) => s.url.slice(root.length));
  return { code: r.status, modules: [...new Set(modules)], files };
}

beforeAll(ensureBuilt);

/** A command line of each kind of run: every one reads the entry and the CLI's one bundle. */
const COMMAND_LINES: readonly [readonly string[]][] = [
  [['cat', '/dev/null']],
  [['redact', '/dev/null']],
  [['clip', '/dev/null']],
  [['usage', '--json', '/dev/null']],
  [['dedup-usage', '/dev/null']],
  [['convert', '--to', 'txpipe', '/dev/null']],
  [['detect', '/dev/null']],
];

describe('start-up loads only what the command needs', () => {
  it('the probe sees the modules a run loads', () => {
    const r = loads(['cat', '/dev/null']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('transforms/cat.js');
    expect(r.modules).toContain('cli/run-command.js');
  });

  it.each(COMMAND_LINES)('%j reads the entry and the one bundle of the CLI only', (args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    expect(r.files.filter((f) => f.startsWith('dist/'))).toEqual([
      'dist/bin/txpipe.js',
      'dist/bin/load-cli.js',
      'dist/bin/cli.js',
    ]);
  });

  it('a command line the quick parser leaves to yargs loads yargs, from the same bundle', () => {
    const r = loads(['cat', '--nope', '/dev/null']);
    expect(r.code).toBe(2);
    expect(r.files.filter((f) => f.startsWith('dist/'))).toEqual([
      'dist/bin/txpipe.js',
      'dist/bin/load-cli.js',
      'dist/bin/cli.js',
    ]);
    expect(r.modules).toContain('yargs');
  });

  it('--version reads the entry only', () => {
    const r = loads(['--version']);
    expect(r.code).toBe(0);
    expect(r.files.filter((f) => f.startsWith('dist/'))).toEqual(['dist/bin/txpipe.js']);
    expect(r.modules).toEqual(['cli/version.js']);
  });

  it.each([
    ['cat', ['cat', '/dev/null']],
    ['usage', ['usage', '--json', '/dev/null']],
  ])('%s loads no other command', (name, args) => {
    const r = loads(args);
    expect(r.code).toBe(0);
    // The command's own modules are transforms/<name>.js and transforms/<name>-*.js.
    const others = r.modules.filter(
      (m) =>
        /^transforms\/[a-z-]+\.js$/.test(m) &&
        m !== `transforms/${name}.js` &&
        !m.startsWith(`transforms/${name}-`),
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

describe('standard error is made only when written to', () => {
  // A preload notes the first use of process.stderr, which Node makes on first access (for a
  // pipe, as here, with node:net). Input is a file: reading standard input from a pipe makes
  // node:net's sockets, which look at process.stderr themselves.
  const probe = join(dir, 'stderr-probe.cjs');
  writeFileSync(
    probe,
    `const d = Object.getOwnPropertyDescriptor(process, 'stderr');
Object.defineProperty(process, 'stderr', {
  configurable: true,
  get() {
    require('node:fs').appendFileSync(process.env.TXPIPE_STDERR_LOG, 'made\\n');
    return d.get.call(this);
  },
});
`,
  );
  const made = (args: readonly string[], input: string): { made: boolean; stderr: string } => {
    const log = join(dir, `stderr-${runs}.txt`);
    const file = join(dir, `input-${runs++}.jsonl`);
    writeFileSync(log, '');
    writeFileSync(file, input);
    const r = spawnSync(process.execPath, ['--require', probe, bin, ...args, file], {
      cwd: repoRoot,
      env: { ...env, TXPIPE_STDERR_LOG: log },
      encoding: 'utf8',
    });
    return { made: readFileSync(log, 'utf8') !== '', stderr: r.stderr };
  };
  const line = '{"type":"user","message":{"role":"user","content":"hi"}}\n';

  it.each([[['cat']], [['redact']], [['clip']], [['usage', '--json']], [['dedup-usage']]])(
    '%j with nothing to report does not make it',
    (args) => {
      expect(made(args, line)).toEqual({ made: false, stderr: '' });
    },
  );

  it('a rejected line is still reported there', () => {
    const r = made(['cat'], '{"a":\n');
    expect(r.made).toBe(true);
    expect(r.stderr).toContain('1 line not written');
  });
});

describe("the CLI runs without Node's ES module loader", () => {
  // The entry and the CLI's bundle are CommonJS (scripts/bundle-cli.mjs): Node then never
  // starts its ES module loader's translators, 2-4 ms of every start-up. A package the command
  // imports (yargs, an ES module) starts it.
  const probe = join(dir, 'module-list.cjs');
  writeFileSync(
    probe,
    `process.on('exit', () => require('node:fs').writeFileSync(process.env.TXPIPE_MODULE_LIST, process.moduleLoadList.join('\\n')));\n`,
  );
  const esmLoaded = (args: readonly string[]): boolean => {
    const list = join(dir, `modules-${runs++}.txt`);
    const r = spawnSync(process.execPath, ['--require', probe, bin, ...args], {
      cwd: repoRoot,
      env: { ...env, TXPIPE_MODULE_LIST: list },
      input: '',
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    return readFileSync(list, 'utf8').includes('internal/modules/esm/translators');
  };

  it.each([...COMMAND_LINES, [['--version']]])('%j', (args) => {
    expect(esmLoaded(args)).toBe(false);
  });
});
