import { describe, expect, it } from 'vitest';
import { Cursor } from '../../src/redact/quotes.js';
import { findAssignments } from '../../src/redact/secret-assignments.js';
import { NAME_KEYWORDS } from '../../src/redact/secret-names.js';
import type { Span } from '../../src/redact/spans.js';
import { createRedactor } from '../../src/redact/redactor.js';

/** A keyword regex that counts its exec calls (work done), so linearity is tested without a clock. */
class Counting extends RegExp {
  calls = 0;
  override exec(s: string): RegExpExecArray | null {
    this.calls++;
    return super.exec(s);
  }
}

describe('hostile input is scanned once', () => {
  // Bug found by the hostile benchmark: an unquoted value ran to the end of `password=password=…`
  // and the scan then restarted inside it, once per `password`: quadratic.
  it('an endless password=password=… is one value, not one rescan per name', () => {
    const s = 'password='.repeat(20000);
    const kw = new Counting(NAME_KEYWORDS, 'gi');
    const spans: Span[] = [];
    findAssignments(s, kw, [], new Cursor(s), spans);
    expect(spans).toHaveLength(1);
    expect(kw.calls).toBeLessThan(5);
  });

  it.each([
    ['password="', 'password="[redacted]"'],
    ['-----BEGIN ', '-----BEGIN '],
    ['sk-', 'sk-'],
    ['curl -u alice ', 'curl -u alice '],
  ])('%j repeated redacts as the rules say', (unit, first) => {
    const s = unit.repeat(5000);
    const out = createRedactor().text(s);
    expect(out.startsWith(first)).toBe(true);
    expect(createRedactor().text(out)).toBe(out);
  });
});
