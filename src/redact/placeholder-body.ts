/**
 * A token body that stands in for one: what docs, tests and templates write in a token's shape
 * with the filler characters of documentation, `x`, `X` and `0` (`ghp_xxxx…`, `hvs.xxxx…`,
 * `glsa_XXXX…_AAAAAAAA`, `GR1348941XXXX…`, `bP88Q~xxxx…`, `xxxxxxxxxxxxxx.atlasv1.xxxx…`), or
 * that says it is one (`sha256~XXXX_PUT_YOUR_TOKEN_HERE_XXXX`, `ABSK…EXAMPLEEXAMPLE…`). Providers make a token's body
 * with a random generator over its alphabet (GitHub, "Behind GitHub's new authentication token
 * formats"; GitLab, "Token overview"), so a body whose letters and digits are three quarters
 * filler is no token: in a random body of ten or more over 36 or more symbols, that share is
 * beyond chance. Bodies of other repeated or ordered characters (`sk_live_AAAA…`,
 * `aBcDeF…123`) are what scanners' own tests use for secrets and stay secrets.
 *
 * Only where Flockdeck's rules do not already take the text (`flockdeckShapeIn`): the default
 * rules remove everything Flockdeck's remove (`ghp_xxxx…` included).
 */

/** Bodies with fewer letters and digits than this are not judged (a short password is a password). */
export const PLACEHOLDER_BODY_MIN = 10;

/**
 * Words that say a body is a stand-in (`…_PUT_YOUR_TOKEN_HERE_…`, `replace-me`, `placeholder`,
 * `EXAMPLEEXAMPLE…`; one `EXAMPLE` is AWS's documented key id, which Flockdeck's shape takes).
 */
const SAYS_SO = /your[a-z_-]*here|put[_-]?your|replace[_-]?(?:me|with)|placeholder|(?:example){2}/i;

/** Is `body` (a token's body, or a whole value) a stand-in rather than random? */
export function isPlaceholderBody(body: string): boolean {
  let alnum = 0;
  let filler = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 120 || c === 88 || c === 48) {
      alnum++;
      filler++;
    } else if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) alnum++;
  }
  if (alnum < PLACEHOLDER_BODY_MIN) return false;
  return filler * 4 >= alnum * 3 || SAYS_SO.test(body);
}
