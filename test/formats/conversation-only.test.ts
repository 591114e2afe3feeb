// Issue 12, item 8: convert --to awf / rupu make no run from entries outside the conversation
// (a Claude Code file-history-snapshot line read under the file's own name).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture } from '../shared.js';

const short = fixture('claude-code', 'marot-spotter', 'short.jsonl');
const sessionId = '55604662-cf2a-4331-851a-ec234028f8ca';

describe('convert --to awf / rupu: no run invented from a snapshot entry', () => {
  beforeAll(ensureBuilt);
  const dir = mkdtempSync(join(tmpdir(), 'txpipe-snap-'));
  const snapshotOnly = join(dir, 'short.jsonl');
  writeFileSync(snapshotOnly, `${readFileSync(short, 'utf8').split('\n')[0]!}\n`);

  it.each(['awf', 'rupu', 'run-record'])(
    '--to %s: a file of one snapshot entry gives nothing',
    (to) => {
      expect(readFileSync(snapshotOnly, 'utf8')).toContain('"file-history-snapshot"');
      const r = txpipe(['convert', '--to', to, '--strict', snapshotOnly]);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(0);
    },
  );

  it.each(['awf', 'rupu'])(
    '--to %s: a session file named other than its sessionId gives one run, its own',
    (to) => {
      const r = txpipe(['convert', '--to', to, short]);
      expect(r.code).toBe(0);
      const ids = new Set(r.stdout.match(/"run_id":"[^"]*"/g));
      expect([...ids]).toEqual([`"run_id":"${sessionId}"`]);
      expect(r.stdout).not.toContain('0001-01-01T00:00:00Z');
      expect(r.stdout).not.toContain('"started_at":"unknown"');
    },
  );
});
