/**
 * Stand-ins that look like a secret's place but hold none: a PEM block whose body is `...`,
 * `xxx` or `YOUR_PRIVATE_KEY_CONTENT_HERE`, and a URL password that is a word for one
 * (`username:password@`, `{PASS}`, `REPLACE_WITH_PASSWORD`) or too weak to be one (`abc`, `1111`).
 */
const PLACEHOLDER_BODY =
  /^(?:|\.{2,}|…|x+|\*+|<[^<>]*>|\[[^[\]]*\]|\{[^{}]*\}|(?:your|insert|paste|replace|put)[\w-]*|[\w-]*_here)$/i;

/** Is `block` (`-----BEGIN … PRIVATE KEY-----` … END) a PEM block with a placeholder body? */
export function isPemPlaceholder(block: string): boolean {
  const m = /^-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----([\s\S]*?)(?:-----END|$)/.exec(
    block,
  );
  if (m === null) return false;
  const body = (m[1] as string).replace(/\\[nr]|\s/g, '');
  return body.length <= 64 && PLACEHOLDER_BODY.test(body);
}

/**
 * Is a password given with its user (a URL's `user:pw@`, curl's `-u user:pw`) a placeholder or
 * too weak to be one? `user` and `host` are the URL's (`host` empty on a command line):
 * `username:password` and, on a command line, `user:pass` (the words of the docs), `password@localhost` (a local
 * default), a password that repeats its user (`test:test`), one in brackets (`neo4j:[PASSWORD]`)
 * and a pair in angle brackets (`<user:password>`) stand in.
 */
export function isPlaceholderUrlPassword(pw: string, user: string, host: string): boolean {
  const word = /^(?:my)?pass(?:word|wd)?$/i.test(pw);
  return (
    pw.length <= 3 ||
    /^(.)\1+$/.test(pw) ||
    pw === user ||
    (word &&
      (/^(?:user_?name|your_?user(?:_?name)?)$/i.test(user) ||
        // `curl --user user:pass` (a command line: no host) is the docs' example.
        (host === '' && /^user$/i.test(user)) ||
        /^(?:localhost|127\.|\[?::1)/.test(host))) ||
    /^(?:\$?\{[^{}]*\}|\{\{[^{}]*\}\}|%[sdv]|<[^<>]*>|\[[^[\]]*\])$/.test(pw) ||
    (user.startsWith('<') && pw.endsWith('>')) ||
    /^(?:your|replace|insert|enter)[_-]/i.test(pw)
  );
}

/**
 * The user before the `:` at `colon` on a command line (`-u alice:…`, `--user="bob:…"`): back to
 * a blank, `=` or quote.
 */
export function userBefore(s: string, colon: number): string {
  let a = colon;
  while (a > 0 && !/[\s='"]/.test(s[a - 1] as string)) a--;
  return s.slice(a, colon);
}
