// Issue 23, item 3: `--config A --config B` is merged (documented in docs/commands/redact.md), the
// same file twice is the file once, and a missing or bad file among several is a usage error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-config-'));
const file = (name: string, body: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
};
const A = file('a.json', {
  names: ['session_cookie'],
  patterns: [{ kind: 'acme', pattern: 'ACME_\\d{8}' }],
});
const B = file('b.json', { names: ['dsn'], patterns: ['TICKET-\\d+'], allow: ['keep-me-1234'] });
const LINE = JSON.stringify({
  session_cookie: 'c00kie-value',
  dsn: 'pg-dsn-value',
  note: 'ACME_12345678 and TICKET-42',
  password: 'keep-me-1234',
});

function run(args: string[]) {
  return txpipe(args, { input: `${LINE}\n` });
}

beforeAll(ensureBuilt);

describe('redact --config given more than once', () => {
  it.each([
    [['redact', '--config', A, '--config', B, '--report=json']],
    [['redact', '--config', B, '--config', A, '--report=json']],
    [['run', `redact --config ${A} --config ${B} --report=json`]],
  ])('%j merges the files: every name, pattern and allowed value applies', (args) => {
    const r = run(args);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      session_cookie: '[redacted]',
      dsn: '[redacted]',
      note: '[redacted] and [redacted]',
      password: 'keep-me-1234',
    });
    const counts = JSON.parse(r.stderr.trim()) as Record<string, number>;
    expect(counts.acme).toBe(1);
    // B's unnamed pattern is named by its place among the merged patterns (config-1 or -2).
    const unnamed = Object.entries(counts).filter(([k]) => /^config-\d+$/.test(k));
    expect(unnamed.map(([, n]) => n)).toEqual([1]);
  });

  it('the same file twice is that file once', () => {
    const once = run(['redact', '--config', A, '--report=json']);
    const twice = run(['redact', '--config', A, '--config', A, '--report=json']);
    expect(twice.code, twice.stderr).toBe(0);
    expect(twice.stdout).toBe(once.stdout);
    expect(twice.stderr).toBe(once.stderr);
  });

  it.each([
    [[A, join(dir, 'missing.json')], /missing\.json: no such file/],
    [[join(dir, 'missing.json'), A], /missing\.json: no such file/],
    [[A, file('bad.json', { names: 'x' })], /names must be an array/],
  ])('refuses %j with exit 2, naming the file', (paths, message) => {
    const r = run(['redact', ...paths.flatMap((p) => ['--config', p])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
