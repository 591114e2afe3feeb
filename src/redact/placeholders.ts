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
 * Is a URL's password a placeholder or too weak to be one? `user` and `host` are the URL's:
 * `username:password@` (the words of the docs) and `password@localhost` (a local default) stand in.
 */
export function isPlaceholderUrlPassword(pw: string, user: string, host: string): boolean {
  const word = /^(?:my)?pass(?:word|wd)?$/i.test(pw);
  return (
    pw.length <= 3 ||
    /^(.)\1+$/.test(pw) ||
    (word &&
      (/^(?:user_?name|your_?user(?:_?name)?)$/i.test(user) ||
        /^(?:localhost|127\.|\[?::1)/.test(host))) ||
    /^(?:\$?\{[^{}]*\}|\{\{[^{}]*\}\}|%[sdv]|<[^<>]*>)$/.test(pw) ||
    /^(?:your|replace|insert|enter)[_-]/i.test(pw)
  );
}
