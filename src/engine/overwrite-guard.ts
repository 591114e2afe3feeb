import { fstatSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
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

/** Device and inode of standard output when it is a regular file (`> x`, `>> x`), else undefined. */
function stdoutIdentity(): string | undefined {
  try {
    const s = fstatSync(1);
    return s.isFile() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a run whose output (`-o`, `--reject-file`, a command's own: `--timing`, `--html`) is
 * also one of its inputs: opening the output empties the file before it is read (`txpipe redact
 * x.jsonl -o x.jsonl`), and one written at the end replaces the input. The same file is found
 * by device and inode, so a link to an input, or a file found in a directory input, counts. A
 * usage error (exit 2) naming the output and the option; so are two outputs in one file.
 */
export async function refuseOverwrite(
  inputs: readonly string[],
  outputs: readonly { readonly path: string | undefined; readonly option: string }[],
): Promise<void> {
  await refuseStdoutInput(inputs, outputs);
  const named = outputs.filter((o) => o.path !== undefined && o.path !== '-');
  if (named.length === 0) return;
  const ids = await Promise.all(named.map((o) => identity(o.path!)));
  // Two outputs in one file: one would cut into or replace the other.
  for (let i = 1; i < named.length; i++) {
    for (let j = 0; j < i; j++) {
      const [a, b] = [named[j]!, named[i]!];
      // The same regular file, or one not made yet (not /dev/null, a terminal, a pipe).
      const same =
        ids[i] !== undefined
          ? ids[i] === ids[j]
          : resolve(a.path!) === resolve(b.path!) && !(await exists(b.path!));
      if (!same) continue;
      throw new TxpipeError(
        'ERR_TXPIPE_BAD_OPTION',
        `${b.path}: ${b.option} is also ${a.option}; one would overwrite the other: give each its own file`,
      );
    }
  }
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

/**
 * Refuses a run whose standard output (the output when `-o` is not given, or `-o -`) is a
 * regular file that is also an input (`txpipe cat x.jsonl >> x.jsonl`): an input is read to its
 * end, so what is appended would be read and written again without end (and `> x.jsonl` emptied
 * it before the run began). A usage error naming the input, as GNU cat refuses it.
 */
async function refuseStdoutInput(
  inputs: readonly string[],
  outputs: readonly { readonly path: string | undefined; readonly option: string }[],
): Promise<void> {
  const out = outputs.find((o) => o.option === '--output');
  if (out !== undefined && out.path !== undefined && out.path !== '-') return;
  const id = stdoutIdentity();
  if (id === undefined) return;
  for (const input of inputs) {
    if (input === '-' || (await identity(input)) !== id) continue;
    throw new TxpipeError(
      'ERR_TXPIPE_BAD_OPTION',
      `standard output is also an input (${input}); writing it would read what is written: write to another file`,
    );
  }
}
