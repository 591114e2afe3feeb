import { stat } from 'node:fs/promises';
import { TxpipeError } from '../stream/errors.js';

/** Device and inode of a path, or undefined when it does not exist (or is not there to read). */
async function identity(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a run whose output (`-o`, `--reject-file`, a command's own: `--timing`, `--html`) is
 * also one of its inputs: opening the output empties the file before it is read (`txpipe redact
 * x.jsonl -o x.jsonl`), and one written at the end replaces the input. The same file is found
 * by device and inode, so a link to an input, or a file found in a directory input, counts. A
 * usage error (exit 2) naming the output and the option.
 */
export async function refuseOverwrite(
  inputs: readonly string[],
  outputs: readonly { readonly path: string | undefined; readonly option: string }[],
): Promise<void> {
  const named = outputs.filter((o) => o.path !== undefined && o.path !== '-');
  if (named.length === 0) return;
  const ids = await Promise.all(named.map((o) => identity(o.path!)));
  if (ids.every((id) => id === undefined)) return;
  for (const input of inputs) {
    if (input === '-') continue;
    const id = await identity(input);
    const i = id === undefined ? -1 : ids.indexOf(id);
    if (i < 0) continue;
    const o = named[i]!;
    const same = input === o.path ? '' : ` (${input})`;
    throw new TxpipeError(
      'ERR_TXPIPE_BAD_OPTION',
      `${o.path}: ${o.option} is also an input${same}; writing it would empty it first: write to another file, then rename`,
    );
  }
}
