import { isSecretPath } from '../../redact/secret-files.js';
import { isRecord } from '../adapter.js';

/**
 * Flockdeck's secret-file rules for tool calls (its recorder's `touchesSecretFile` and
 * `withholdInput`, read for behaviour): which calls name a secret file, what of their input is
 * withheld, and which results are withheld after them.
 */

/** The input keys Flockdeck reads a path from. */
const PATH_KEYS: ReadonlySet<string> = new Set(['file_path', 'path', 'notebook_path', 'filePath']);
/** Kept whole in a secret call's input: the path and the command. */
const KEPT_KEYS: ReadonlySet<string> = new Set([...PATH_KEYS, 'command']);

/** What stands in for a secret file's contents. */
export const WITHHELD_TEXT = '[withheld: a secret file]';

/** Go's `strings.Fields`: split on Unicode white space (`unicode.IsSpace`). */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
/** Go's `strings.Trim(w, "\"';")`. */
const QUOTES = /^["';]+|["';]+$/g;

/** The words of a command as Flockdeck looks at them: split on white space, quotes trimmed. */
export function commandWords(command: string): string[] {
  return command
    .split(GO_SPACE)
    .filter((w) => w !== '')
    .map((w) => w.replace(QUOTES, ''));
}

/**
 * Does a call's input name a secret file? Only an object input, and in it only a string under a
 * path key, or a word of a string `command`; whatever the tool is called.
 */
export function touchesSecretFile(input: unknown): boolean {
  if (!isRecord(input)) return false;
  for (const k of Object.keys(input)) {
    const v = input[k];
    if (typeof v !== 'string') continue;
    if (PATH_KEYS.has(k) && isSecretPath(v)) return true;
    if (k === 'command' && commandWords(v).some(isSecretPath)) return true;
  }
  return false;
}

/** A secret call's input: its top-level strings withheld except the path and command. */
export function withholdTopLevel(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(input)) {
    const v = input[k];
    out[k] = !KEPT_KEYS.has(k) && typeof v === 'string' ? WITHHELD_TEXT : v;
  }
  return out;
}

/**
 * Which calls named a secret file, for their results: by call id, and for a result that names no
 * call or one never seen, whether the last call did (Flockdeck's last-call rule).
 */
export class SecretCalls {
  readonly #byId = new Map<string, boolean>();
  #last = false;
  constructor(private readonly max: number) {}

  /** Notes a call; returns whether it names a secret file. */
  call(id: string | undefined, input: unknown): boolean {
    const secret = touchesSecretFile(input);
    if (id) {
      if (this.#byId.size >= this.max && !this.#byId.has(id)) {
        this.#byId.delete(this.#byId.keys().next().value!);
      }
      this.#byId.set(id, secret);
    }
    this.#last = secret;
    return secret;
  }

  /** Is a result's output withheld? A known id answers once; otherwise the last call decides. */
  result(id: string | undefined): boolean {
    if (id) {
      const v = this.#byId.get(id);
      if (v !== undefined) {
        this.#byId.delete(id);
        return v;
      }
    }
    return this.#last;
  }

  clear(): void {
    this.#byId.clear();
    this.#last = false;
  }
}
