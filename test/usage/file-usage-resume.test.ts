// readFileUsage from a mark (what the usage cache does with a file that grew): reading a file's
// first lines, then the whole file from where that read ended, gives what reading it whole gives:
// the same entries in the same order, the same rejected lines (numbered as in the whole file).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usageFormats } from '../../src/transforms/usage.js';
import {
  readFileUsage,
  type FileUsageEnd,
  type FileUsageOptions,
} from '../../src/usage/file-usage.js';
import { fixture } from '../shared.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-file-usage-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPTIONS: FileUsageOptions = {
  formats: usageFormats(),
  sample: 50,
  maxLineBytes: 1 << 20,
  framing: 'auto',
};

function read(path: string, o: Partial<FileUsageOptions>) {
  let end: FileUsageEnd | undefined;
  const parts = [...(readFileUsage(path, { ...OPTIONS, ...o, onEnd: (e) => (end = e) }) ?? [])];
  return {
    entries: parts.flatMap((p) => p.entries),
    rejections: parts.flatMap((p) => p.rejections),
    end: end as FileUsageEnd,
  };
}

const claude = fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl');

/** A session's bytes with a bad line, a blank line and an unterminated last line added. */
const whole = Buffer.concat([
  readFileSync(claude),
  Buffer.from('\n{"type":"assistant","usage": cut\n'),
  Buffer.from(
    readFileSync(claude, 'utf8')
      .split('\n')
      .filter((l) => l.includes('usage"'))[0]!,
  ),
]);

/** Cut points: after each of some lines, and inside a line. */
function cuts(buf: Buffer): number[] {
  const out: number[] = [];
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1))
    if (out.length < 40) out.push(i + 1);
  return [0, 17, ...out, buf.length - 5, buf.length];
}

describe('readFileUsage from where an earlier read ended', () => {
  const file = join(dir, 'session.jsonl');
  writeFileSync(file, whole);
  const full = read(file, {});

  it.each([64, 4096, undefined])(
    'gives what a whole read gives (chunks of %s bytes)',
    (chunkBytes) => {
      for (const cut of cuts(whole)) {
        writeFileSync(file, whole.subarray(0, cut));
        const first = read(file, { chunkBytes });
        writeFileSync(file, whole);
        const rest = read(file, { chunkBytes, from: first.end.mark });
        const kept = first.entries.slice(0, first.entries.length - first.end.tailEntries);
        const firstRejected = first.rejections.filter((r) => r.line <= first.end.mark.line);
        expect([...kept, ...rest.entries], `cut at ${cut}`).toEqual(full.entries);
        expect([...firstRejected, ...rest.rejections], `cut at ${cut}`).toEqual(full.rejections);
        expect(rest.end).toEqual(full.end);
      }
    },
  );

  it('marks the end of the last whole line, and the entries of a last line without LF', () => {
    expect(full.end.mark.byte).toBe(whole.lastIndexOf(10) + 1);
    expect(full.end.tailEntries).toBe(1);
    expect(full.end.mark.state.format).toBe('claude-code');
    expect(full.end.resumable).toBe(true);
  });
});
