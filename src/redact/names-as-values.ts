import { nameIsSecret } from './secret-names.js';

/**
 * Names where a value would stand, that assign nothing and hold no secret (docs/commands/redact.md,
 * "How values are judged"): a name inside a template expression, a secret's name given as the
 * value (the variable that holds it), a psql variable. The assignment reader
 * (`secret-assignments.ts`) asks these.
 */

/**
 * Is `a` inside a `{{ … }}` template expression on its line (Jinja, Go templates, Helm)? One
 * opened before it, within 256 characters, not closed before it and closed after it on its line.
 */
export function insideTemplate(s: string, a: number): boolean {
  const open = s.lastIndexOf('{{', a);
  if (open < Math.max(0, a - 256)) return false;
  if (s.lastIndexOf('}}', a) > open || s.lastIndexOf('\n', a) > open) return false;
  const close = s.indexOf('}}', a);
  const eol = s.indexOf('\n', a);
  return close !== -1 && close - a <= 256 && (eol === -1 || close < eol);
}

/**
 * A secret's name as a value, the name of the variable or setting that holds it: `'PASSWORD'`
 * (Jenkins `passwordVariable`), `access_token=ACCESS_TOKEN`: upper-case words joined by `_`, not
 * more than 40, naming a secret.
 */
export function isSecretsName(inner: string): boolean {
  return inner.length <= 40 && /^[A-Z]+(?:_[A-Z]+)*$/.test(inner) && nameIsSecret(inner);
}

/**
 * psql's `PASSWORD :'app_password'`: a variable interpolated as a literal (psql(1), "SQL
 * Interpolation"), the quote at `p` after a blank and `:` as JSON and YAML never write it.
 */
export function isPsqlVariable(s: string, p: number, inner: string): boolean {
  return s[p] === "'" && s[p - 1] === ':' && s[p - 2] === ' ' && /^[A-Za-z_]\w*$/.test(inner);
}
