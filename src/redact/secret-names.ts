import { isPemPlaceholder } from './placeholders.js';
import { whyNotSecret } from './value-class.js';

/**
 * Names that call their value a secret (Flockdeck format reference, section 4): the name contains
 * secret, token, password, passwd, pwd, api_key/apikey (with `_` or `-`), access_key, private_key,
 * credential, authorization, auth_token, auth_key or auth_header, in any case; or passphrase; or
 * `pass` as the last word after a separator (`DB_PASS`, `db.pass`, but not `pass`, `bypass`).
 */
const SECRET_WORDS =
  /secret|token|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|private[_-]?key|credential|authori[sz]ation|auth[_-]?(?:token|key|header)|passphrase/;

/**
 * Names with a secret word that name something else: a file, a path, a kind, a tokenizer, a
 * variable (Jenkins `passwordVariable: 'PASSWORD'` names the variable that will hold it), and the
 * id of a credential or a store of them (Jenkins `credentialsId`, WebAuthn `credentialId`, .NET
 * `UserSecretsId`, `CREDENTIALS_ID`, AWS CLI's `--secret-id` taking a secret's name or ARN; a
 * Vault AppRole `secret_id` is a credential), and GitHub Actions' `permissions: id-token: write`
 * (a scope; an OIDC ID token itself is a JWT, which its own rule takes).
 */
const NOT_A_VALUE =
  /tokeni[sz]|[_.-]?(?:file|path|dir|name|url|uri|type|kind|count|length|limit|var|variable)s?$|credentials?[_.-]?id$|secrets[_.-]?id$|^-*secret-id$|^id-token$/;

/**
 * Names of what is public by design: a public key or token (`public_key`, `publicToken`,
 * Stripe's `publishableKey`, `PUB_KEY`), and Next.js's `NEXT_PUBLIC_*` variables, which it
 * inlines into the pages it serves (Next.js docs, "Environment Variables").
 */
const PUBLIC_WORD = /(?:^|[_.-])(?:public|publishable|pub)(?:[_.-]|$)/i;
/** The same word in camelCase (`stripePublishableKey`). */
const PUBLIC_CAMEL = /(?:^|[a-z0-9])(?:[Pp]ublic|[Pp]ublishable|[Pp]ub)[A-Z]/;

/** Does the name call its value public (`public_key`, `publicToken`, `NEXT_PUBLIC_API_KEY`)? */
export function namesPublic(name: string): boolean {
  return PUBLIC_WORD.test(name) || PUBLIC_CAMEL.test(name);
}

/**
 * Bundler's credentials for a gem source, `BUNDLE_<HOST>` with the host's dots as `__`
 * (`BUNDLE_GEMS__CONTRIBSYS__COM=user:pass`, bundle-config(1), "Credentials for gem sources");
 * not its options that take a `__` too (`BUNDLE_BUILD__<GEM>`, `BUNDLE_MIRROR__<URL>`).
 */
const BUNDLER_HOST = /^bundle_(?!build__|mirror__)[a-z0-9-]+(?:__[a-z0-9-]+)+$/;

/** Names that count tokens; a number under them is data, not a secret (DESIGN §4). */
const COUNT_NAME = /tokens|token_?(?:count|usage|total|limit|budget)/;

/** The keyword scan every name check starts from (a superset of the words above). */
export const NAME_KEYWORDS =
  'secret|token|pass|pwd|api[_-]?key|access[_-]?key|private[_-]?key|credential|auth|bundle_';

/** Characters a name is made of, in text (`MY.PASS`, `api-key`, `DB_PASS`). */
export const NAME_CHAR = /[A-Za-z0-9_.-]/;

/** Does this key or variable name call its value a secret? `extra` are lower-case config names. */
export function nameIsSecret(name: string, extra: readonly string[] = []): boolean {
  const n = name.toLowerCase();
  if (COUNT_NAME.test(n)) return false;
  for (const e of extra) if (n.includes(e)) return true;
  if (NOT_A_VALUE.test(n) || namesPublic(name)) return false;
  return (
    SECRET_WORDS.test(n) ||
    /[_.-](?:pass|pat)$/.test(n) ||
    AUTH_ALONE.test(n) ||
    BUNDLER_HOST.test(n)
  );
}

/** `auth` and `_auth` alone: Docker's and npm's base64 `user:password` (`"auth": "dXNl…"`). */
const AUTH_ALONE = /^_?auth$/;

/** Does this name count tokens (`max_tokens`, `input_tokens`, `tokensBefore`, `token_count`)? */
export function isCountName(name: string): boolean {
  return COUNT_NAME.test(name.toLowerCase());
}

/** Values that are flags, not secrets (`"vault_pass": true`, `db_pass=0`). */
export function isTrivialValue(v: string): boolean {
  return v.length === 0 || /^(?:true|false|null|nil|none|yes|no|on|off|undefined|\d)$/i.test(v);
}

/** Values that stand for a secret without being one: `${TOKEN}`, `$TOKEN`, `%s`, `<token>`, `{{x}}`. */
export function isPlaceholder(v: string): boolean {
  const why = whyNotSecret(v);
  return (
    why === 'placeholder' ||
    why === 'prefix' ||
    why === 'reference' ||
    why === 'format' ||
    why === 'encrypted' ||
    why === 'identifier' ||
    /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[sdv]|<[^<>]*>|\{\{[^{}]*\}\}|\*{3,}|x{3,}|\.\.\.)\W{0,2}$/i.test(
      v,
    ) ||
    STAND_IN.test(v) ||
    (v.startsWith('-----BEGIN') && isPemPlaceholder(v))
  );
}

/**
 * Words that stand in for a secret in docs and templates: `your-api-key-here`, `YOUR_TOKEN`,
 * `changeme`, `replace-me`, `${{ secrets.X }}`, `$(…)`, `${…}`.
 */
const STAND_IN =
  /^(?:your[-_ ]?[A-Za-z0-9_-]{0,40}|(?:change|replace)[-_ ]?me|(?:insert|put|add|enter)[-_ ][A-Za-z0-9_-]{1,40}|[A-Za-z_-]{0,20}[-_]here|\$\{\{[^{}]*\}\}|\$\{[^{}]*\}|\$\([^()]*\))$/i;
