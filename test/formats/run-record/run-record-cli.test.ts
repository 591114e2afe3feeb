import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { env, ensureBuilt, txpipe } from '../../cli/run.js';
import { bin, repoRoot } from '../../shared.js';
import { validator } from '../../convert/schemas.js';
import { clipString } from '../../../src/clip/clip-string.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'txpipe-rr-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Claude Code line of session `sid`. */
const entry = (sid: string, o: Record<string, unknown>): string =>
  JSON.stringify({ sessionId: sid, timestamp: '2026-01-01T00:00:00.000Z', ...o }) + '\n';

/** `sessions` sessions, each a prompt, `calls` tool calls of `argBytes` and a final text. */
function sessions(n: number, calls: number, argBytes: number): string {
  let s = '';
  for (let k = 0; k < n; k++) {
    const sid = `s${k}`;
    s += entry(sid, { type: 'user', message: { role: 'user', content: `task ${k}` } });
    for (let i = 0; i < calls; i++) {
      const content = [
        {
          type: 'tool_use',
          id: `t${k}-${i}`,
          name: 'Write',
          input: { text: 'w'.repeat(argBytes) },
        },
      ];
      s += entry(sid, {
        type: 'assistant',
        message: { id: `m${k}-${i}`, role: 'assistant', content },
      });
    }
    const done = [{ type: 'text', text: `done ${k}` }];
    s += entry(sid, {
      type: 'assistant',
      message: { id: `e${k}`, role: 'assistant', content: done },
    });
  }
  return s;
}

describe('convert --to run-record stopped by a signal while it writes its records', () => {
  it.each([
    ['SIGTERM', EXIT.terminated],
    ['SIGINT', EXIT.interrupted],
  ] as const)(
    '%s: no record is made after it, the output ends on a whole record',
    async (signal, code) => {
      // 64 records of ~100 KB: they are all made at the end of input, in chunks of 8.
      const input = join(dir, `sig-${signal}.jsonl`);
      writeFileSync(input, sessions(64, 4, 25_000));
      const all = txpipe(['convert', '--to', 'run-record', input]);
      expect(all.code).toBe(0);
      const records = all.stdout.split('\n').slice(0, -1);
      expect(records).toHaveLength(64);

      const child = spawn(process.execPath, [bin, 'convert', '--to', 'run-record', input], {
        cwd: repoRoot,
        env,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const got: Buffer[] = [];
      // The first bytes out are the first record's: the input is read, the records are being
      // written. The signal comes then, while the output is not read (the writer waits on it).
      await new Promise<void>((resolve) =>
        child.stdout.once('data', (b: Buffer) => {
          got.push(b);
          child.stdout.pause();
          child.kill(signal);
          setTimeout(resolve, 300);
        }),
      );
      child.stdout.on('data', (b: Buffer) => got.push(b));
      child.stdout.resume();
      const exit = await exited;
      const out = Buffer.concat(got).toString('utf8');
      expect(exit).toBe(code);
      expect(out.endsWith('\n')).toBe(true);
      const lines = out.split('\n').slice(0, -1);
      // What is written is the run's records from the first, whole; those after the signal's
      // chunk are not made.
      expect(lines).toEqual(records.slice(0, lines.length));
      expect(lines.length).toBeLessThanOrEqual(16);
      expect(stderr).toBe(
        `txpipe: ${signal}: stopped; the output ends on a whole line after ${Buffer.byteLength(out)} bytes; the rest of the input was not written\n`,
      );
    },
  );
});

/** Runs the built CLI with TMPDIR set to `tmp` (the temporary folder held text goes to). */
function withTmp(
  args: string[],
  tmp: string,
): { code: number | null; stdout: Buffer; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env: { ...env, TMPDIR: tmp },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

describe('convert --to run-record: tool text held in a file or in memory', () => {
  it('gives the same records, valid and whole, around 1 MiB blocks and past 4 MiB', () => {
    const valid = validator('run-record.schema.json');
    // Tool arguments whose JSON text is near a 1 MiB block's size (one byte under, exact, one
    // over), with characters of 1 to 4 UTF-8 bytes and escapes last, among small ones; three
    // sessions interleaved line by line; more than 4 MiB held, so most of it goes to the file.
    const MIB = 1 << 20;
    const tails = ['\u00e9', '\ud83d\ude00', '\u65e5', '"\\\n\u0001', '\u00e9\u00e9'];
    const argsOf = (jsonBytes: number, tail: string): Record<string, unknown> => {
      const fixed = Buffer.byteLength(JSON.stringify({ text: tail }));
      return { text: 'a'.repeat(jsonBytes - fixed) + tail };
    };
    const sizes = [MIB - 1, 300, MIB, 64, MIB + 1, MIB - 2, 5000, MIB + 3];
    const parts: Buffer[] = [];
    const line = (s: string): void => void parts.push(Buffer.from(s + '\n'));
    const expected = new Map<string, { args: unknown[]; results: (string | undefined)[] }>();
    const sids = ['s0', 's1', 's2'];
    for (const sid of sids) {
      expected.set(sid, { args: [], results: [] });
      line(entry(sid, { type: 'user', message: { role: 'user', content: `task ${sid}` } }).trim());
    }
    let n = 0;
    for (const size of sizes) {
      for (const sid of sids) {
        const input = argsOf(size - (n % 3), tails[n % tails.length]!);
        n++;
        const id = `t${n}`;
        const content = [{ type: 'tool_use', id, name: 'Write', input }];
        line(
          entry(sid, {
            type: 'assistant',
            message: { id: `m${n}`, role: 'assistant', content },
          }).trim(),
        );
        const e = expected.get(sid)!;
        e.args.push(input);
        if (n % 4 === 0) {
          e.results.push(undefined); // a call without a result
          continue;
        }
        // A result of several KiB (clipped to 2 KiB) ending in multi-byte characters.
        const out = `r${n} ` + '\u00e9\u65e5\ud83d\ude00'.repeat(400 + n);
        e.results.push(clipString(out, 2048).text);
        const result = [{ type: 'tool_result', tool_use_id: id, content: out }];
        line(entry(sid, { type: 'user', message: { role: 'user', content: result } }).trim());
      }
    }
    // Lines the run reports instead of writing: not JSON, then a last line cut short.
    line('not json {');
    const lines = parts.length;
    parts.push(
      Buffer.from(entry('s0', { type: 'user', message: { content: 'cut' } }).slice(0, 40)),
    );
    const input = join(dir, 'held.jsonl');
    writeFileSync(input, Buffer.concat(parts));
    const args = ['convert', '--to', 'run-record', input];

    const inFile = withTmp(args, dir);
    const inMemory = withTmp(args, join(dir, 'no-such-folder'));
    expect(inFile.code).toBe(0);
    expect(inFile.stderr).toBe(
      `txpipe: 2 lines not written:\n  ${input}:${lines}: malformed: line is not JSON\n` +
        `  ${input}:${lines + 1}: truncated: last line cut off (not JSON)\n`,
    );
    expect(inMemory.code).toBe(0);
    expect(inMemory.stderr).toBe(inFile.stderr);
    expect(inFile.stdout.equals(inMemory.stdout)).toBe(true);

    const out = inFile.stdout.toString('utf8').split('\n');
    expect(out.pop()).toBe('');
    expect(out).toHaveLength(3);
    for (const [i, text] of out.entries()) {
      const r = JSON.parse(text) as Record<string, unknown>;
      expect(JSON.stringify(r)).toBe(text);
      expect(valid(r)).toEqual([]);
      const sid = sids[i]!;
      const e = expected.get(sid)!;
      expect(r).toMatchObject({ eval_id: sid, prompt: `task ${sid}` });
      const tools = r.tool_invocations as Record<string, unknown>[];
      expect(tools.map((t) => t.ordinal)).toEqual(e.args.map((_, k) => k));
      expect(tools.map((t) => t.args)).toEqual(e.args);
      expect(tools.map((t) => t.result)).toEqual(e.results);
    }

    // --conversation parses the held calls again for its events: the same from either place.
    const conv = [...args, '--conversation'];
    const convFile = withTmp(conv, dir);
    const convMemory = withTmp(conv, join(dir, 'no-such-folder'));
    expect(convFile.code).toBe(0);
    expect(convFile.stdout.equals(convMemory.stdout)).toBe(true);
    const withConv = convFile.stdout.toString('utf8').split('\n').slice(0, -1);
    for (const [i, text] of withConv.entries()) {
      const r = JSON.parse(text) as Record<string, unknown> & {
        conversation: { events: Record<string, unknown>[] };
      };
      expect(valid(r)).toEqual([]);
      const calls = r.conversation.events.filter((ev) => ev.type === 'tool_invocation');
      expect(calls.map((c) => c.args)).toEqual(expected.get(sids[i]!)!.args);
    }
  });
});
