import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { clip, ready } from '../../src/transforms/clip.js';
import { formats } from '../../src/formats/registry.js';
import { detectValue } from '../../src/formats/detect.js';
import { txpipe } from '../cli/run.js';
import { ensureBuilt, fixture, repoRoot } from '../shared.js';

/**
 * `clip(clip(x)) == clip(x)` at every limit, on the real fixtures of every format: a field that
 * says what a record is or how it links to others (each format's `identity`) is never cut, so a
 * second pass recognises the same format and makes the same cuts.
 */

/**
 * Every JSON Lines / JSON fixture file, the shared ones and the Gemini CLI sessions built from
 * Gemini's source (test/fixtures/gemini); JSON Lines cut to its first 200 lines (speed).
 */
const files = ((): { name: string; data: Buffer }[] => {
  const out: { name: string; data: Buffer }[] = [];
  const walk = (root: string, dir = root): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(root, p);
      else if (/\.jsonl?$/.test(name) && !name.endsWith('.schema.json')) {
        const text = readFileSync(p, 'utf8');
        const cut = name.endsWith('.jsonl') ? text.split('\n').slice(0, 200).join('\n') : text;
        out.push({ name: p.slice(root.length + 1), data: Buffer.from(cut) });
      }
    }
  };
  walk(fixture());
  walk(join(repoRoot, 'test', 'fixtures'), join(repoRoot, 'test', 'fixtures', 'gemini', 'tmp'));
  return out;
})();

async function clipBytes(data: Buffer, limit: number): Promise<string> {
  const sink: string[] = [];
  const feed = new PassThrough({ objectMode: true });
  const done = pipeline(feed, clip({ limit }), stringify({ onInvalid: 'pass' }), async (src) => {
    for await (const b of src) sink.push(String(b));
  });
  for await (const rec of readRecords(Readable.from([data]), { source: 'x', onInvalid: 'pass' })) {
    feed.write(rec);
  }
  feed.end();
  await done;
  return sink.join('');
}

const LIMITS = [...Array.from({ length: 24 }, (_, i) => i + 1), 32, 40, 64, 100, 300, 1000];

describe('clip is idempotent at every limit on the real fixtures', () => {
  beforeAll(async () => ready);

  it.each(files.map((f) => [f.name, f.data] as const))('%s', async (_name, data) => {
    for (const limit of LIMITS) {
      const once = await clipBytes(data, limit);
      const twice = await clipBytes(Buffer.from(once), limit);
      expect({ limit, twice }).toEqual({ limit, twice: once });
    }
  });

  it('keeps the format of every record it clips (detection sees the same format after)', async () => {
    for (const { name, data } of files) {
      if (!name.endsWith('.jsonl')) continue;
      const once = await clipBytes(data, 1);
      const before = data
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const after = once.split('\n').filter((l) => l !== '');
      if (before.length !== after.length) continue; // JSON arrays: one record per element
      for (let i = 0; i < before.length; i++) {
        let v: unknown;
        try {
          v = JSON.parse(before[i]!);
        } catch {
          continue;
        }
        expect(detectValue(JSON.parse(after[i]!))?.id).toBe(detectValue(v)?.id);
      }
    }
  });

  it('every format names its identity fields (what clip never cuts)', () => {
    for (const f of formats) {
      expect(Array.isArray((f as { identity?: unknown }).identity), f.id).toBe(true);
    }
  });
});

describe('clip --limit 1 on the command line', () => {
  beforeAll(() => ensureBuilt());

  it("leaves Claude Code's type, uuid, sessionId and ids whole, and a second pass changes nothing", () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    const once = txpipe(['clip', '--limit', '1', file]);
    expect(once.code).toBe(0);
    const twice = txpipe(['clip', '--limit', '1'], { input: once.stdout });
    expect(twice.stdout).toBe(once.stdout);
    const input = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const output = once.stdout.split('\n').filter((l) => l !== '');
    for (let i = 0; i < input.length; i++) {
      const a = JSON.parse(input[i]!) as Record<string, unknown>;
      const b = JSON.parse(output[i]!) as Record<string, unknown>;
      for (const k of ['type', 'uuid', 'parentUuid', 'sessionId', 'timestamp', 'requestId']) {
        expect(b[k]).toEqual(a[k]);
      }
    }
  });
});
