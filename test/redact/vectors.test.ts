import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../src/redact/redactor.js';
import { nameIsSecret } from '../../src/redact/secret-names.js';
import { fixture } from '../shared.js';
import { keptByTxpipe } from './removed.js';

// Flockdeck's own redaction tests, transcribed in shared/fixtures/flockdeck/redact_vectors.json.
const vectors = JSON.parse(readFileSync(fixture('flockdeck', 'redact_vectors.json'), 'utf8'));

/**
 * Cases where txpipe deliberately differs from Flockdeck (docs/commands/redact.md, "Deliberate
 * differences"), by their place in the vectors file, with the reason.
 */
const DIFFERENT: Record<string, string> = {
  'generated[1]':
    'Flockdeck stops reading at 1 MiB and replaces the rest; txpipe is linear and reads the whole string, so an ordinary long string is kept whole',
  'generated[2]': 'a clipping case (clipped.output); clipping is `txpipe clip`, not redact',
  'generated[3]': 'a clipping case (clipped.output); clipping is `txpipe clip`, not redact',
  'generated[4]': 'a clipping/flag case over a Flockdeck line; the flag is tested in redact-record',
  'generated[5]': 'a clipping case (Clip keeps runes whole); clipping is `txpipe clip`',
};

const r = createRedactor();
const fd = createRedactor({ rules: 'flockdeck' });

describe('Flockdeck redact_vectors.json, --rules flockdeck: exactly', () => {
  it.each(vectors.redact_exact.cases as [string, string][])('exact %j', (input, want) => {
    expect(fd.text(input)).toBe(want);
  });

  it.each((vectors.redact_unchanged.cases as string[]).map((c) => [c]))('unchanged %j', (input) => {
    expect(fd.text(input)).toBe(input);
  });

  it.each((vectors.find_vs_redact.cases as string[]).map((c) => [c]))('redacts %j', (input) => {
    expect(fd.text(input)).not.toBe(input);
  });

  it('generated[0] and [1]: the quoted-value window and the 1 MiB cap', () => {
    expect(fd.text('password="' + 'x'.repeat(4096 + 10) + '" more' + '\nnext')).toBe(
      'password=[redacted]\nnext',
    );
    const long = fd.text('a'.repeat(1048576) + 'tail text');
    expect(long.length).toBeLessThanOrEqual(1048576 + 10);
    expect(long.endsWith(REDACTED)).toBe(true);
    expect(long).not.toContain('tail');
    expect(fd.text('a'.repeat(1048576))).toBe('a'.repeat(1048576));
    // The cap counts bytes and cuts on a character boundary (é is two bytes).
    const e = fd.text('é'.repeat(600000));
    expect(e).toBe('é'.repeat(524288) + REDACTED);
  });
});

describe('Flockdeck redact_vectors.json, default rules', () => {
  it.each(vectors.redact_exact.cases as [string, string][])('exact %j', (input, want) => {
    // Everything Flockdeck removes is removed; the quotes around a value stay.
    expect(keptByTxpipe(input)).toEqual([]);
    expect(r.text(input).replace(/["']/g, '')).toBe(want.replace(/["']/g, ''));
    const out = r.text(input);
    expect(r.text(out)).toBe(out); // idempotent
  });

  it.each((vectors.redact_unchanged.cases as string[]).map((c) => [c]))('unchanged %j', (input) => {
    expect(r.text(input)).toBe(input);
  });

  it.each(Object.entries(vectors.key_is_secret.cases as Record<string, boolean>))(
    'key %j is secret: %j',
    (name, want) => {
      expect(nameIsSecret(name)).toBe(want);
    },
  );

  it.each((vectors.redact_removes_fragment.secrets as string[]).map((s, i) => [s, i]))(
    'removes the fragment of %j',
    (secret, i) => {
      const out = r.text(`before ${secret} after`);
      expect(out.startsWith('before ')).toBe(true);
      expect(out.endsWith(' after')).toBe(true);
      expect(out).toContain(REDACTED);
      expect(out).not.toContain(vectors.redact_removes_fragment.fragments[i]);
    },
  );

  it.each((vectors.quoted_values_with_n.lines as string[]).map((l, i) => [l, i]))(
    'quoted value with n: %j',
    (line, i) => {
      expect(r.text(line)).not.toContain(vectors.quoted_values_with_n.must_not_remain[i]);
    },
  );

  it('escaped quote inside a quoted value', () => {
    const c = vectors.quoted_values_with_n.escaped_quote_case;
    expect(r.text(c.input)).not.toContain(c.must_not_contain);
  });

  it.each((vectors.find_vs_redact.cases as string[]).map((c) => [c]))('redacts %j', (input) => {
    expect(r.text(input)).not.toBe(input);
  });

  it.each((vectors.glued_tokens.next as string[]).map((n) => [n]))('glued AWS key + %j', (next) => {
    const out = r.text(vectors.glued_tokens.aws + next);
    for (const frag of ['AKIA', 'sk-', 'ghp_', 'glpat']) expect(out).not.toContain(frag);
  });

  it('generated[0]: a quoted value beyond the window is cut at the end of its line', () => {
    expect(vectors.generated[0].want).toBe('password=[redacted]\nnext');
    expect(r.text('password="' + 'x'.repeat(4096 + 10) + '" more' + '\nnext')).toBe(
      'password="[redacted]\nnext',
    );
  });

  it('generated[1] (deliberate difference): a long ordinary string is kept whole', () => {
    expect(DIFFERENT['generated[1]']).toBeDefined();
    const s = 'a'.repeat(1048576) + 'tail text';
    expect(r.text(s)).toBe(s);
  });

  it('lists every generated case as tested or as a deliberate difference', () => {
    const n = (vectors.generated as unknown[]).length;
    for (let i = 1; i < n; i++) expect(DIFFERENT[`generated[${i}]`]).toBeDefined();
  });
});
