import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { globalOptions } from '../../src/cli/global-options.js';
import { commands } from '../../src/transforms/registry.js';
import { bin, fixture, repoRoot } from '../shared.js';
import {
  ensureBuilt,
  env,
  NOBODY,
  removeCopies,
  txpipe,
  txpipeTrickle,
  worldReadableCopy,
} from './run.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const short = fixture('claude-code', 'marot-spotter', 'short.jsonl');
const shortText = readFileSync(short, 'utf8');
let tmp: string;
const at = (name: string): string => join(tmp, name);

/** A real session with a malformed line 3 and a cut-off last line spliced in. */
const shortLines = shortText.split('\n').filter(Boolean);
const messy = [shortLines[0], shortLines[1], 'not json {', ...shortLines.slice(2)].join('\r\n');
const messyText = messy + '\r\n{"type":"user","cut":';
const messyLast = shortLines.length + 2;

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-cli-'));
  writeFileSync(at('messy.jsonl'), messyText);
  writeFileSync(at('empty.jsonl'), '');
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  removeCopies();
});

describe('--help, generated from the registry', () => {
  it('top level lists every command and the global options', () => {
    const r = txpipe(['--help']);
    expect(r.code).toBe(EXIT.ok);
    for (const c of commands) expect(r.stdout).toContain(`txpipe ${c.name}`);
    for (const c of commands) expect(r.stdout.replace(/\s+/g, ' ')).toContain(c.summary);
    for (const name of Object.keys(globalOptions)) expect(r.stdout).toContain(`--${name}`);
    expect(r.stdout).toMatch(/Exit codes: 0 ok, 1 failure, 2 usage, 3 lines rejected/);
  });

  it.each(commands.map((c) => [c.name, c]))('txpipe %s --help names its options', (name, c) => {
    const r = txpipe([name, '--help']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain(`txpipe ${name} [files..]`);
    const kebab = (s: string) => s.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
    for (const o of Object.keys(c.options)) expect(r.stdout).toContain(`--${kebab(o)}`);
    expect(r.stdout).toContain('--reject-file');
  });

  it('--version is the package version', () => {
    expect(txpipe(['--version']).stdout.trim()).toBe(pkg.version);
  });
});

describe('usage errors exit 2 with a message on stderr', () => {
  it.each([
    [[], /Name a command/],
    [['nosuch'], /Unknown argument: nosuch/],
    [['cat', '--nosuch'], /Unknown argument/],
    [['cat', '--on-invalid', 'drop'], /Invalid values/],
    [['cat', '--framing', 'xml'], /Invalid values/],
    [['cat', '--max-input-line-bytes', '0'], /--max-input-line-bytes: cannot read "0" as a size/],
    [['cat', '--max-input-line-bytes', 'lots'], /--max-input-line-bytes: cannot read "lots" as a/],
    [['detect', '--sample', '0'], /sample must be a positive integer/],
    [['convert', '--to', 'nope'], /Argument: to, Given: "nope", Choices: "flockdeck"/],
  ])('txpipe %j', (args, message) => {
    const r = txpipe(args, { input: '{"a":1}\n' });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('inputs and outputs', () => {
  it('a file, standard input and - give the same output', () => {
    const a = txpipe(['cat', short]);
    const b = txpipe(['cat'], { input: shortText });
    const c = txpipe(['cat', '-'], { input: shortText });
    expect(a).toEqual({ code: 0, stdout: shortText, stderr: '' });
    expect(b.stdout).toBe(shortText);
    expect(c.stdout).toBe(shortText);
  });

  it('files are read in order, - among them', () => {
    const r = txpipe(['cat', short, '-', short], { input: '{"mid":1}\n' });
    expect(r.stdout).toBe(shortText + '{"mid":1}\n' + shortText);
  });

  it('-o FILE writes the file and nothing to stdout', () => {
    const r = txpipe(['cat', '-o', at('out.jsonl'), short]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(at('out.jsonl'), 'utf8')).toBe(shortText);
  });

  it('gzip is read from a file and from stdin', () => {
    writeFileSync(at('s.jsonl.gz'), gzipSync(shortText));
    expect(txpipe(['cat', at('s.jsonl.gz')]).stdout).toBe(shortText);
    expect(txpipe(['cat'], { input: gzipSync(shortText) }).stdout).toBe(shortText);
  });

  it('a JSON array file becomes JSON Lines', () => {
    const r = txpipe(['cat', fixture('rupu', 'transcript_events.json')]);
    const values = JSON.parse(readFileSync(fixture('rupu', 'transcript_events.json'), 'utf8'));
    expect(r.stdout).toBe((values as unknown[]).map((v) => JSON.stringify(v) + '\n').join(''));
  });

  it('a directory is walked: .jsonl and .ndjson (gzipped too), files before folders, by name', () => {
    const dir = at('tree');
    mkdirSync(join(dir, 'a-sub'), { recursive: true });
    writeFileSync(join(dir, 'b.jsonl'), '{"f":"b"}\n');
    writeFileSync(join(dir, 'c.ndjson.gz'), gzipSync('{"f":"c"}\n'));
    writeFileSync(join(dir, 'a-sub', 'a.jsonl'), '{"f":"a-sub/a"}\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a transcript\n');
    writeFileSync(join(dir, 'meta.json'), '{"f":"meta"}\n');
    const r = txpipe(['cat', dir]);
    expect(r.stdout).toBe('{"f":"b"}\n{"f":"c"}\n{"f":"a-sub/a"}\n');
  });

  it('a 16 MB line goes through whole', () => {
    const big = `{"type":"user","blob":"${'ab'.repeat(8 * 1024 * 1024)}"}\n`;
    writeFileSync(at('big.jsonl'), '{"a":1}\n' + big + '{"b":2}\n');
    const r = txpipe(['cat', at('big.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBe(big.length + 16);
    expect(r.stdout === '{"a":1}\n' + big + '{"b":2}\n').toBe(true);
  });
});

describe('rejected lines', () => {
  it('the stderr summary names each line and its reason; stdout has the rest', () => {
    const r = txpipe(['cat', at('messy.jsonl')]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe(shortText);
    expect(r.stderr).toBe(
      `txpipe: 2 lines not written:\n` +
        `  ${at('messy.jsonl')}:3: malformed: line is not JSON\n` +
        `  ${at('messy.jsonl')}:${messyLast}: truncated: last line cut off (not JSON)\n`,
    );
  });

  it('--reject-file keeps the rejected lines verbatim', () => {
    const r = txpipe(['cat', '--reject-file', at('rej.jsonl'), at('messy.jsonl')]);
    expect(r.code).toBe(EXIT.ok);
    expect(readFileSync(at('rej.jsonl'), 'utf8')).toBe('not json {\n{"type":"user","cut":\n');
  });

  it('--strict exits 3; --quiet drops the summary, not the code', () => {
    expect(txpipe(['cat', '--strict', at('messy.jsonl')]).code).toBe(EXIT.rejected);
    const q = txpipe(['cat', '--strict', '-q', at('messy.jsonl')]);
    expect([q.code, q.stderr]).toEqual([EXIT.rejected, '']);
    expect(txpipe(['cat', '--strict', short]).code).toBe(EXIT.ok);
  });

  it('--on-invalid pass writes the malformed line as it is (a cut-off last line is still dropped)', () => {
    const r = txpipe(['cat', '--on-invalid', 'pass', at('messy.jsonl')]);
    expect(r.stdout).toBe(messy.replace(/\r\n/g, '\n').replace(/\r\n/g, '\n') + '\n');
    expect(r.stderr).toMatch(/1 line not written:\n.*truncated/);
  });

  it('--on-invalid error exits 1 naming the line', () => {
    const r = txpipe(['cat', '--on-invalid', 'error', at('messy.jsonl')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe(`txpipe: ${at('messy.jsonl')}:3: line is not JSON\n`);
  });

  it('--max-input-line-bytes reports a longer line, which cannot be kept', () => {
    writeFileSync(at('long.jsonl'), `{"a":1}\n{"b":"${'x'.repeat(200)}"}\n{"c":3}\n`);
    const r = txpipe([
      'cat',
      '--max-input-line-bytes',
      '100',
      '--reject-file',
      at('rej2'),
      at('long.jsonl'),
    ]);
    expect(r.stdout).toBe('{"a":1}\n{"c":3}\n');
    expect(r.stderr).toContain(`${at('long.jsonl')}:2: line-too-long: line is 208 bytes`);
    expect(readFileSync(at('rej2'), 'utf8')).toBe('');
  });

  it('the summary lists 20 lines, then counts', () => {
    const bad = Array.from({ length: 25 }, (_, i) => `bad ${i}`).join('\n') + '\n';
    const r = txpipe(['cat'], { input: bad });
    expect(r.stderr.split('\n')[0]).toBe('txpipe: 25 lines not written:');
    expect(r.stderr).toContain('  -:20: malformed');
    expect(r.stderr).not.toContain('  -:21:');
    expect(r.stderr).toContain('  ... and 5 more\n');
  });
});

describe('the whole CLI at every delivery size', () => {
  it.each([1, 2, 3, 7, 64, 1 << 20])(
    'stdin written %s bytes at a time gives the same bytes',
    async (n) => {
      const input = Buffer.from('\uFEFF' + messyText);
      const r = await txpipeTrickle(['cat'], input, n);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(shortText);
      expect(r.stderr).toContain(`-:3: malformed`);
    },
  );

  it.each([1, 3, 64, 1 << 20])('gzip on stdin written %s bytes at a time', async (n) => {
    const r = await txpipeTrickle(['cat'], gzipSync('\uFEFF' + messyText), n);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(shortText);
  });
});

describe('a slow producer (a log shipper)', () => {
  it('each line is written out before the next arrives', async () => {
    const child = spawn(process.execPath, [bin, 'cat'], { env });
    let out = '';
    child.stdout.setEncoding('utf8');
    const lines = shortLines.slice(0, 4);
    for (const [i, line] of lines.entries()) {
      const seen = new Promise<void>((resolve) => {
        const check = (s: string) => {
          out += s;
          if (out.split('\n').length > i + 1) {
            child.stdout.off('data', check);
            resolve();
          }
        };
        child.stdout.on('data', check);
      });
      child.stdin.write(line + '\n');
      await seen;
    }
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    expect(out).toBe(lines.map((l) => l + '\n').join(''));
  });
});

describe('failures say what failed, in one line', () => {
  it('txpipe cat | head -1 exits 0 quietly (EPIPE)', () => {
    const big = at('many.jsonl');
    writeFileSync(big, shortText.repeat(2000));
    const r = spawnSync(
      'bash',
      ['-c', `node "${bin}" cat "${big}" | head -1; echo "status=\${PIPESTATUS[0]}" >&2`],
      { env, encoding: 'utf8' },
    );
    expect(r.stdout).toBe(shortLines[0] + '\n');
    expect(r.stderr).toBe('status=0\n');
  });

  it('a failed write (disk full) exits 1 naming the path', () => {
    const r = txpipe(['cat', '-o', '/dev/full', short]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe('txpipe: cannot write /dev/full: no space left on device\n');
  });

  it('an output in a missing folder is named', () => {
    const r = txpipe(['cat', '-o', at('no/such/out.jsonl'), short]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toMatch(
      new RegExp(`^txpipe: cannot write ${at('no/such/out.jsonl')}: .*\\n$`),
    );
  });

  it('a missing input is named with the reason', () => {
    const r = txpipe(['cat', at('nope.jsonl')]);
    expect([r.code, r.stderr]).toEqual([
      EXIT.failure,
      `txpipe: ${at('nope.jsonl')}: no such file\n`,
    ]);
  });

  it('a directory with no permission is named', () => {
    // Root reads any folder: then the CLI runs as nobody, from a copy of dist/ in a folder nobody
    // can reach (the clone itself may sit in a folder only its owner can enter, as root's home).
    const asRoot = process.getuid?.() === 0;
    const where = asRoot ? worldReadableCopy() : { bin, dir: tmp };
    if (where === undefined) return; // no user to run as: inputs.test.ts checks the message
    const locked = join(where.dir, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'x.jsonl'), '{"a":1}\n');
    chmodSync(locked, 0o000);
    const r = txpipe(['cat', locked], { bin: where.bin, cwd: '/', ...(asRoot ? NOBODY : {}) });
    chmodSync(locked, 0o755);
    expect([r.code, r.stderr]).toEqual([EXIT.failure, `txpipe: ${locked}: permission denied\n`]);
  });

  it('a corrupt gzip is named', () => {
    const gz = gzipSync(shortText.repeat(20));
    gz[gz.length >> 1] = gz[gz.length >> 1]! ^ 0xff;
    writeFileSync(at('bad.jsonl.gz'), gz);
    const r = txpipe(['cat', at('bad.jsonl.gz')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toMatch(new RegExp(`^txpipe: ${at('bad.jsonl.gz')}: not valid gzip .*\\n$`));
  });

  it('a gzip file cut short: what came before is written, then exit 1 naming it; the run stops', () => {
    const gz = gzipSync(shortText);
    writeFileSync(at('cut.jsonl.gz'), gz.subarray(0, gz.length - 8));
    const r = txpipe(['cat', short, at('cut.jsonl.gz'), short]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout.startsWith(shortText)).toBe(true);
    expect(r.stdout.length).toBeLessThanOrEqual(2 * shortText.length); // the third file is not read
    expect(r.stderr).toBe(
      `txpipe: ${at('cut.jsonl.gz')}: not valid gzip (unexpected end of file)\n`,
    );
  });

  it('a --reject-file that cannot be written is named', () => {
    const r = txpipe(['cat', '--reject-file', at('no/such/rej'), at('messy.jsonl')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain(`txpipe: cannot write ${at('no/such/rej')}`);
  });
});

describe('detect', () => {
  it('names each input, an empty one as unknown, in order', () => {
    const r = txpipe(['detect', at('empty.jsonl'), short, fixture('rupu', 'run_smoke.jsonl')]);
    expect(r.stdout).toBe(
      `${at('empty.jsonl')}\tunknown\n${short}\tclaude-code\n${fixture('rupu', 'run_smoke.jsonl')}\trupu\n`,
    );
  });

  it('--lines names every record, invalid ones too', () => {
    const r = txpipe(['detect', '--lines', '-q'], { input: '{"type":"x","data":{}}\nbad\n7\n' });
    expect(r.stdout).toBe('-:1\trupu\n-:2\tinvalid\n-:3\tunknown\n');
  });
});
