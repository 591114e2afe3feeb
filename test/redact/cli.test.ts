import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess } from '../cli-in-process.js';
import { bin, ensureBuilt, repoRoot } from '../shared.js';

const here = (name: string): string => join(repoRoot, 'test', 'fixtures', 'redact', name);
const mixed = here('mixed.jsonl');

/** The built CLI, spawned as a user would, with a pinned environment. */
function txpipe(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, LANG: 'C' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(ensureBuilt);

describe('txpipe redact (the built bin)', () => {
  it('redacts, withholds, keeps counts and reports per kind, never a secret', () => {
    const r = txpipe(['redact', '--on-invalid', 'pass', mixed, '--report']);
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    expect(out[0]).toContain('"input_tokens":12');
    expect(out[1]).toContain('[withheld: a secret file]');
    expect(out[1]).toContain('/home/sam/shop/.env');
    expect(out[1]).not.toContain('postgres://');
    expect(out[2]).toContain('password=[redacted] and [redacted]');
    expect(out[3]).toBe(readFileSync(mixed, 'utf8').split('\n')[3]);
    expect(out[4]).toBe('this line is not JSON: Authorization: Bearer [redacted]');
    expect(r.stderr).toContain('txpipe redact: 5 replaced');
    expect(r.stderr).toMatch(/secret-file 2/);
    expect(r.stderr).not.toContain('hunter2');
  });

  it('--report=json prints counts for machines', () => {
    const r = txpipe(['redact', '--report=json', '--quiet', mixed]);
    const counts = JSON.parse(r.stderr.trim().split('\n').pop() as string);
    expect(counts).toEqual({ authorization: 0, ...counts });
    expect(counts['github-token']).toBe(1);
    expect(counts['secret-name']).toBe(1);
  });

  it('a bare --report before the files means text and never eats the file name', () => {
    const r = txpipe(['redact', '--report', mixed]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(txpipe(['redact', mixed]).stdout);
    expect(r.stderr).toContain('txpipe redact: 5 replaced');
    expect(r.stderr).toMatch(/secret-file 2/);
  });

  it('--report with a value other than text or json is a usage error', () => {
    const r = txpipe(['redact', '--report=csv', mixed]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Argument: report, Given: "csv", Choices: "text", "json"');
  });

  it('--config adds names, patterns and allowed values; --pii scrubs e-mails', () => {
    const r = txpipe(['redact', '--config', here('config.json'), '--pii', mixed]);
    expect(r.code).toBe(0);
    const line = r.stdout.split('\n')[2] as string;
    expect(line).toContain('password=hunter2');
    expect(line).toContain('and [redacted], mail [redacted:email]');
  });

  it('a bad --config is a usage error', () => {
    const r = txpipe(['redact', '--config', here('README.md'), mixed]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^txpipe: \S+README\.md: not valid JSON \([^\n]*\) \(redact config\)\n$/,
    );
  });

  it('rejected lines are text-redacted before they reach --reject-file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-redact-'));
    const rejects = join(dir, 'rejects.txt');
    const r = txpipe(['redact', '--reject-file', rejects, mixed]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(4);
    expect(readFileSync(rejects, 'utf8')).toBe(
      'this line is not JSON: Authorization: Bearer [redacted]\n',
    );
  });

  it('reads standard input', () => {
    const r = txpipe(['redact'], '{"token":"abc"}\n');
    expect(r.stdout).toBe('{"token":"[redacted]"}\n');
  });
});

describe('txpipe redact (in-process, through the same CLI builder)', () => {
  it('writes to -o and reports', async () => {
    const r = await cliInProcess(['redact', '--report=text', '--on-invalid', 'pass', mixed]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(txpipe(['redact', '--on-invalid', 'pass', mixed]).stdout);
    expect(r.stderr).toContain('txpipe redact: 5 replaced');
  });
});

describe('txpipe redact --rules (issue 13)', () => {
  const line = `${JSON.stringify({ type: 'x', text: 'password="two words" and token: string' })}\n`;

  it("flockdeck: Flockdeck's redaction exactly; txpipe (default): quotes and code kept", () => {
    const fd = txpipe(['redact', '--rules', 'flockdeck'], line);
    expect(fd.code).toBe(0);
    expect(JSON.parse(fd.stdout).text).toBe('password=[redacted] and token: [redacted]');
    const tx = txpipe(['redact'], line);
    expect(JSON.parse(tx.stdout).text).toBe('password="[redacted]" and token: string');
  });

  it('an unknown rule set, or flockdeck with --pii, is a usage error', () => {
    expect(txpipe(['redact', '--rules', 'nope'], line).code).toBe(2);
    const r = txpipe(['redact', '--rules', 'flockdeck', '--pii'], line);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('takes no config and no pii');
  });
});
