import { goLower } from './bytes.js';

/**
 * Flockdeck's idea of a secret's name (internal/record/redact.go, `nameIsSecret` with `wide`, the
 * form its Redact and RedactValue use): the lower-cased name contains secret, token, credential,
 * password, passwd, pwd, private key, api key, apikey, access key (`_`, `-` or nothing between),
 * authorization, auth_token/auth_key/auth_header (`_` or `-`), or passphrase; or it ends in `pass`
 * after a separator with a word before it (`DB_PASS`, `my.pass`; not `pass`, `bypass`).
 * `ſ` counts as `s`, as it does in a Go `(?i)` pattern.
 */
export function flockdeckNameIsSecret(name: string): boolean {
  let l = goLower(name);
  if (l.includes('ſ')) l = l.replace(/ſ/g, 's');
  for (let i = 0; i < l.length; i++) {
    const c = l[i];
    if (c === 's') {
      if (l.startsWith('secret', i)) return true;
    } else if (c === 't') {
      if (l.startsWith('token', i)) return true;
    } else if (c === 'c') {
      if (l.startsWith('credential', i)) return true;
    } else if (c === 'p') {
      if (l.startsWith('password', i) || l.startsWith('passwd', i) || l.startsWith('pwd', i))
        return true;
      if (l.startsWith('private', i) && keyAfter(l, i + 7)) return true;
      if (l.startsWith('passphrase', i)) return true;
      if (i + 4 === l.length && l.startsWith('pass', i) && compoundBefore(l, i)) return true;
    } else if (c === 'a') {
      if (l.startsWith('apikey', i) || l.startsWith('authorization', i)) return true;
      if (l.startsWith('api', i) && keyAfter(l, i + 3)) return true;
      if (l.startsWith('access', i) && keyAfter(l, i + 6)) return true;
      if (l.startsWith('auth', i) && (l[i + 4] === '_' || l[i + 4] === '-')) {
        if (['token', 'key', 'header'].some((w) => l.startsWith(w, i + 5))) return true;
      }
    }
  }
  return false;
}

/** `key`, or `_key`/`-key`, at `at`. */
function keyAfter(l: string, at: number): boolean {
  if (l[at] === '_' || l[at] === '-') at++;
  return l.startsWith('key', at);
}

const isAlnumCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/** A `pass` at `i` (ending the name) with a separator before it and a letter or digit before that. */
function compoundBefore(l: string, i: number): boolean {
  if (i === 0 || isAlnumCode(l.charCodeAt(i - 1))) return false;
  for (let j = i - 1; j >= 0; j--) if (isAlnumCode(l.charCodeAt(j))) return true;
  return false;
}
