import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as txpipe from '../../src/index.js';
import { formatCounts } from '../../src/redact/counts.js';

describe('the public API of redact', () => {
  it('exports the names other writers code against', () => {
    expect(txpipe.WITHHELD).toBe('[withheld: a secret file]');
    expect(txpipe.REDACTED).toBe('[redacted]');
    const r = txpipe.createRedactor();
    expect(r.text('token=abc')).toBe('token=[redacted]');
    expect(r.isSecretPath('.env')).toBe(true);
    expect(r.secretFileOfCall('Read', { file_path: 'a/.pgpass' })).toBe('a/.pgpass');
    expect(r.counts()).toEqual({ 'secret-name': 1 });
    expect(Object.isFrozen(r.counts())).toBe(true);
    expect(txpipe.redactDefaults.maxPendingCalls).toBe(4096);
    expect(txpipe.redact()).toHaveProperty('readableObjectMode', true);
  });

  it('loads a --config file, and says what is wrong with a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-redact-config-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ names: ['DSN'], allow: ['x'] }));
    const cfg = txpipe.loadRedactConfig(good);
    expect(cfg.names).toEqual(['dsn']);
    expect(cfg.allow.has('x')).toBe(true);
    expect(txpipe.createRedactor({ config: cfg }).text('SENTRY_DSN=https://k@s.io/1')).toBe(
      'SENTRY_DSN=[redacted]',
    );
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ names: ');
    expect(() => txpipe.loadRedactConfig(bad)).toThrow('bad.json: not valid JSON (');
    expect(() => txpipe.loadRedactConfig(join(dir, 'missing.json'))).toThrow(
      'missing.json: no such file (redact config)',
    );
  });

  it('formats counts for people', () => {
    expect(formatCounts({})).toBe('txpipe redact: nothing redacted\n');
    expect(formatCounts({ jwt: 2, 'secret-file': 1 })).toBe(
      'txpipe redact: 3 replaced (jwt 2, secret-file 1)\n',
    );
  });
});
