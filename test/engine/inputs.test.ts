// Directory inputs: symbolic links followed, broken and looping ones reported, and every path
// that cannot be read named as the path that failed (not its parent folder).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expandInputs } from '../../src/engine/inputs.js';

// A folder named `locked` cannot be listed, whoever runs the tests (root reads any folder, so
// the permission is faked here; test/cli/cli.test.ts checks a real one as another user).
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readdir = (async (path: string, opts: never) => {
    if (String(path).endsWith('/locked')) {
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), {
        code: 'EACCES',
        syscall: 'scandir',
      });
    }
    return fs.readdir(path, opts);
  }) as typeof fs.readdir;
  return { ...fs, readdir, default: { ...fs, readdir } };
});

let tmp: string;
const at = (...parts: string[]): string => join(tmp, ...parts);
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-inputs-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A fresh folder `name` with the given files (`'dir/'` for a folder) and links. */
function tree(name: string, files: string[], links: [string, string][] = []): string {
  const root = at(name);
  mkdirSync(root);
  for (const f of files) {
    if (f.endsWith('/')) mkdirSync(join(root, f), { recursive: true });
    else writeFileSync(join(root, f), '{"a":1}\n');
  }
  for (const [link, target] of links) symlinkSync(target, join(root, link));
  return root;
}

describe('expandInputs: symbolic links in a directory input', () => {
  it('follows links to files and to folders, in name order, each real file once', async () => {
    const root = tree(
      'follow',
      ['real/', 'real/s.jsonl', 'other/', 'other/o.jsonl', 'a.jsonl'],
      [
        ['b.jsonl', 'real/s.jsonl'], // a file reached twice: read where it comes first
        ['c.jsonl', join(tmp, 'outside.jsonl')],
        ['z-dir', 'other'],
        ['y-out', join(tmp, 'outdir')],
      ],
    );
    writeFileSync(at('outside.jsonl'), '{}\n');
    mkdirSync(at('outdir'));
    writeFileSync(at('outdir', 'x.jsonl'), '{}\n');
    expect(await expandInputs([root])).toEqual([
      join(root, 'a.jsonl'),
      join(root, 'b.jsonl'),
      join(root, 'c.jsonl'),
      join(root, 'other', 'o.jsonl'),
      join(root, 'y-out', 'x.jsonl'),
    ]);
  });

  it.each([
    [
      'a broken link to a file',
      [['gone.jsonl', 'nowhere.jsonl']],
      'gone.jsonl: broken symbolic link',
    ],
    ['a broken link to a folder', [['gone', 'no/where']], 'gone: broken symbolic link'],
    ['a link to itself', [['self.jsonl', 'self.jsonl']], 'self.jsonl: symbolic link loop'],
  ] as [string, [string, string][], string][])(
    '%s is an input error naming it',
    async (name, links, message) => {
      const root = tree(name.replace(/ /g, '-'), ['ok.jsonl'], links);
      await expect(expandInputs([root])).rejects.toThrow(`${join(root, message)}`);
    },
  );

  it('a link back to a folder above it (a loop) is an input error naming the link', async () => {
    const root = tree('loop', ['sub/', 'sub/x.jsonl'], [['sub/up', '..']]);
    await expect(expandInputs([root])).rejects.toMatchObject({
      code: 'ERR_TXPIPE_INPUT',
      message: `${join(root, 'sub', 'up')}: symbolic link loop (back to ${root})`,
    });
  });
});

describe('expandInputs: the path that failed is named', () => {
  it('an unreadable folder given on the command line', async () => {
    const root = tree('top-locked', []);
    mkdirSync(join(root, 'locked'));
    await expect(expandInputs([join(root, 'locked')])).rejects.toThrow(
      new RegExp(`^${join(root, 'locked')}: permission denied$`),
    );
  });

  it('an unreadable subfolder, not its parent', async () => {
    const root = tree('deep-locked', ['a.jsonl', 'sub/', 'sub/locked/']);
    await expect(expandInputs([root])).rejects.toThrow(
      new RegExp(`^${join(root, 'sub', 'locked')}: permission denied$`),
    );
  });
});
