/**
 * Secret files by name (Flockdeck format reference, section 4, the name check of its
 * auto-review): `.env` and `.env.*`, `id_*` that is not `.pub`, `.npmrc`, `.netrc`, `_netrc`,
 * `.pgpass`, `.git-credentials`, anything with `credential` in its name, and `.pem`, `.key`,
 * `.p12`, `.pfx`, `.ppk`, `.keystore` and `.jks` files.
 */
const EXACT = new Set([
  '.env',
  '.npmrc',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.git-credentials',
  // direnv's `.envrc` (exports, often of tokens); .NET user secrets' `secrets.json`
  '.envrc',
  'secrets.json',
]);
const EXTENSIONS = /\.(?:pem|key|p12|pfx|ppk|keystore|jks)$/;

/** The fields of a tool's input that hold the path it reads or writes. */
export const PATH_FIELDS: readonly string[] = ['file_path', 'filePath', 'path', 'notebook_path'];

/** True when a path's last element names a secret file. */
export function isSecretPath(path: string): boolean {
  const base = path
    .slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
    .toLowerCase();
  if (base === '') return false;
  return (
    EXACT.has(base) ||
    base.startsWith('.env.') ||
    (base.startsWith('id_') && !base.endsWith('.pub')) ||
    base.includes('credential') ||
    EXTENSIONS.test(base)
  );
}

/** The words of a shell command that could be paths (quotes, redirections and `--opt=` removed). */
export function commandWords(command: string): string[] {
  const out: string[] = [];
  for (const raw of command.split(/[\s;|&()<>]+/)) {
    let w = raw.replace(/^['"]+|['"]+$/g, '');
    const eq = w.indexOf('=');
    if (eq !== -1 && w.startsWith('-')) w = w.slice(eq + 1);
    if (w !== '') out.push(w);
  }
  return out;
}

/** The secret file a tool call reads or writes (a path field, or a word of its command), or undefined. */
export function secretFileOfCall(_toolName: string, input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const fields = input as Record<string, unknown>;
  for (const f of PATH_FIELDS) {
    const v = fields[f];
    if (typeof v === 'string' && isSecretPath(v)) return v;
  }
  const command = fields.command;
  if (typeof command === 'string') {
    for (const w of commandWords(command)) if (isSecretPath(w)) return w;
  }
  return undefined;
}

/** Cheap raw-line test: could this line name a secret file? (a superset of `isSecretPath`). */
export const SECRET_FILE_PRESCAN =
  /\.env|id_|netrc|\.npmrc|\.pgpass|credential|secrets\.json|\.pem|\.key|\.p12|\.pfx|\.ppk|\.keystore|\.jks/i;
