import { isIP } from 'node:net';
import { piiMark } from './marks.js';
import type { Span } from './spans.js';

/** One PII kind: a linear candidate regex and a check in code (Luhn, mod 97, address parse). */
interface PiiRule {
  readonly kind: string;
  readonly re: RegExp;
  readonly check?: (match: string, s: string, at: number) => boolean;
}

/** Luhn checksum over the digits of a card number candidate (13 to 19 digits). */
export function luhn(candidate: string): boolean {
  const digits = candidate.replace(/[ -]/g, '');
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 13616 IBAN check: move the country and check digits to the end, letters to numbers, mod 97 == 1. */
export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/ /g, '');
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const v = code >= 65 ? code - 55 : code - 48;
    rem = v >= 10 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** A US SSN that is not in a never-issued range (000, 666, 9xx areas; 00 group; 0000 serial). */
function ssnValid(m: string): boolean {
  const [area, group, serial] = m.split('-');
  return (
    area !== '000' &&
    area !== '666' &&
    !area?.startsWith('9') &&
    group !== '00' &&
    serial !== '0000'
  );
}

let piiRules: readonly PiiRule[] | undefined;

/** The rules, made on first use (only `pii: true` runs them). */
const piiRulesOf = (): readonly PiiRule[] =>
  (piiRules ??= [
    {
      kind: 'email',
      // The whole domain (no shorter match inside a longer one), and not a git remote:
      // `user@host:path` (scp-style, a colon then no space) is a login on a host, and `git@host`
      // is the shared account of every git host.
      re: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9]|:\S)/g,
      check: (m) => !/^git@/i.test(m),
    },
    // A card number starts with a network's digit (2-6: Mastercard, Amex, Visa, Discover, …), so
    // millisecond timestamps (1…) are not cards; never inside a word or a UUID.
    { kind: 'card', re: /(?<![\w-])[2-6](?:[ -]?\d){12,18}(?![\w-])/g, check: luhn },
    { kind: 'ssn', re: /(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])/g, check: ssnValid },
    {
      kind: 'iban',
      re: /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/g,
      check: ibanValid,
    },
    {
      kind: 'phone',
      // International (+CC …), (NNN) NNN-NNNN, or NNN-NNN-NNNN; never part of a longer digit group.
      re: /(?<![\w+.-]|\d )(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}[ .-]\d{3,4}(?:[ .-]\d{3,4})?|\(\d{3}\) ?\d{3}[.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-]| \d)/g,
    },
    {
      kind: 'ip',
      re: /(?<![\w:.])[0-9A-Fa-f:.]{3,45}(?![\w:.])/g,
      check: (m, s, at) =>
        isIP(m) !== 0 &&
        /\d/.test(m) &&
        (m.includes('.') ? m.split('.').length === 4 : true) &&
        !notPersonalIp(m, s.slice(Math.max(0, at - 12), at)),
    },
  ]);

/**
 * An address that is no one's: loopback and unspecified (`127.…`, `::1`, `::`, `0.0.0.0`), a
 * network (`….0`), or a version number (`version 1.2.3.4`, `v1.2.3.4`, four one-digit parts).
 */
function notPersonalIp(m: string, before: string): boolean {
  if (m.includes(':')) return /^(?:::1?|0*:[0:]*1?)$/.test(m) || /^::ffff:127\./i.test(m);
  const parts = m.split('.');
  if (parts[0] === '127' || parts[0] === '0' || parts[3] === '0') return true;
  if (parts.every((p) => p.length === 1)) return true;
  return /(?<![A-Za-z])(?:version|ver|release|tag|v)[ \t:=]*$/i.test(before);
}

/** PII spans in `s`, each with its typed mark (`[redacted:email]`). */
export function findPii(s: string, spans: Span[]): void {
  for (const rule of piiRulesOf()) {
    rule.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rule.re.exec(s)) !== null) {
      if (rule.check && !rule.check(m[0], s, m.index)) continue;
      spans.push({
        start: m.index,
        end: m.index + m[0].length,
        kind: rule.kind,
        mark: piiMark(rule.kind),
      });
    }
  }
}
