/**
 * Names whose last word is `key` (`Key=`, `API_KEY`, `amplitudeKey`): a key may name content as
 * well as a credential, so their value is a secret only when it is random (docs/commands/redact.md,
 * "Secret names").
 */

/** A name whose last word is `key`: `Key`, `API_KEY`, `openai.key`, `amplitudeKey`, not `keys`. */
export function isKeyName(name: string): boolean {
  return /(?:^|[^A-Za-z])key$/i.test(name) || /[a-z0-9]Key$/.test(name);
}

/**
 * A value a `key` name holds that is random, not a word, a path or an identifier: 20 characters or
 * more with both cases and three digits or more, not all at the end (`userIdentifier2024` is a
 * name), not a file path; or (`lowerCaseToo`) 32 or more with eight digits and eight letters at
 * least (`sk_pr_my_key_fa02…`), not hex alone (a digest) and not a UUID.
 */
export function isRandomKey(v: string, lowerCaseToo: boolean): boolean {
  if (v.length < 20) return false;
  const digits = v.replace(/\D/g, '').length;
  if (/[a-z]/.test(v) && /[A-Z]/.test(v))
    return digits >= 3 && !/^[A-Za-z_-]+\d+$/.test(v) && !isPathLike(v);
  const letters = v.replace(/[^A-Za-z]/g, '').length;
  return (
    lowerCaseToo &&
    v.length >= 32 &&
    digits >= 8 &&
    letters >= 8 &&
    !/^[0-9a-f]+$/i.test(v.replace(/[-_.]/g, '')) &&
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)
  );
}

/** A file path (`Reports/2024/Q1/Summary-v2.pdf`): a file extension, or a word as a directory. */
function isPathLike(v: string): boolean {
  return (
    /\.[A-Za-z0-9]{1,5}$/.test(v) || /(?:^|\/)[A-Za-z][a-z]{2,}(?:[-_][A-Za-z0-9]+)*\//.test(v)
  );
}
