import { nameIsSecret } from './secret-names.js';

/** Type names that follow a secret's name in code (`token: string;`, `password: str`). */
const TYPE_NAMES = new Set(
  (
    'string number boolean bigint any unknown never void object symbol undefined null ' +
    'String Number Boolean Object Buffer Uint8Array str int bool bytes float double char ' +
    'SecretStr SecretBytes Optional Option Secret Credential Credentials Token'
  ).split(' '),
);

/** Words that start an expression, not a value (`secretAccessKey: new AWS.SharedIniFileCredentials(…)`). */
const EXPRESSION_WORDS = new Set(
  'new await typeof require import function async lambda this self yield void'.split(' '),
);

/** `process.env.SECRET_KEY`, `var.db_password`, `config.token`, `os.environ[`: a property access. */
const PROPERTY_ACCESS = /^[A-Za-z_$][\w$]*(?:(?:\?\.|\.)[A-Za-z_$][\w$]*)+(?:\[|\(\))?$/;
/** A camelCase identifier with no digit (`csrfToken`, `apiKey`). */
const CAMEL_CASE = /^[a-z]+(?:[A-Z][a-z]+)+$/;
/** A kebab-case name of letters (`api-key`, `db-password`). */
const KEBAB_NAME = /^[A-Za-z]+(?:-[A-Za-z]+)+$/;
/** An identifier (`SECRET_KEY`, `accessToken`). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Is an unquoted value after a secret's name code rather than a secret? A type name, an
 * expression word, a property access or a call (`getToken()`), and, where the separator is
 * followed by a blank as code writes it (`token: csrfToken`, `key = apiKey`), an identifier that
 * is camelCase or itself names a secret. Also a short word of prose: `no secret: the cache`.
 */
export function isCodeValue(s: string, inner: string, end: number, code: boolean): boolean {
  if (inner === '') return false;
  if (TYPE_NAMES.has(inner) || EXPRESSION_WORDS.has(inner)) return true;
  // A call: `token = document.querySelector(…)`, `getenv(`.
  if (/^[A-Za-z_$][\w$.]*(?:::[A-Za-z_$][\w$.]*)*\(/.test(inner)) return true;
  if (
    PROPERTY_ACCESS.test(inner) &&
    (!/\d/.test(inner) || /^(?:process|var|this|self|os|env)\./.test(inner))
  )
    return true;
  if (code && IDENTIFIER.test(inner) && (CAMEL_CASE.test(inner) || nameIsSecret(inner)))
    return true;
  // The name of a secret, not a secret (`secretKey: api-key` in an ExternalSecret).
  if (code && KEBAB_NAME.test(inner) && nameIsSecret(inner)) return true;
  // One to four lower-case letters after `: `, then a blank and more words: prose.
  const before = s[end - inner.length - 1];
  if (
    code &&
    s[end - inner.length - 2] === ':' &&
    before === ' ' &&
    /^[a-z]{1,4}$/.test(inner) &&
    s[end] === ' ' &&
    /[A-Za-z]/.test(s[end + 1] ?? '')
  )
    return true;
  return false;
}
