import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DefaultUsageReport } from '../../../src/usage/usage-totals.js';
import { ensureBuilt, repoRoot } from '../../shared.js';
import { txpipe } from '../../cli/run.js';

interface CcModel {
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
}
interface CcSession {
  directory: string;
  sessionFile: string;
  models: Record<string, CcModel>;
}

/** The fixtures' folder as a CODEX_HOME: its `sessions/` holds the rollouts. */
const home = join(repoRoot, 'test', 'fixtures', 'codex');

beforeAll(() => ensureBuilt());

describe('txpipe usage on Codex rollouts against ccusage (scripts/ccusage.sh codex session)', () => {
  it('gives each rollout the same tokens per model', () => {
    const r = spawnSync(
      join(repoRoot, 'scripts', 'ccusage.sh'),
      ['codex', 'session', '--json', '--offline', '-z', 'UTC'],
      {
        env: { ...process.env, CODEX_HOME: home, NO_COLOR: '1' },
        cwd: home,
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (r.status !== 0) {
      throw new Error(`scripts/ccusage.sh failed (${r.status}): ${r.stderr.trim().slice(-300)}`);
    }
    const sessions = (JSON.parse(r.stdout) as { sessions: CcSession[] }).sessions;
    expect(sessions).toHaveLength(3);
    for (const s of sessions) {
      const file = join(home, 'sessions', s.directory, `${s.sessionFile}.jsonl`);
      const rep = JSON.parse(txpipe(['usage', '--json', file]).stdout) as DefaultUsageReport;
      const ours = rep.models.map((m) => [m.key, m.input, m.output, m.cacheWrite, m.cacheRead]);
      const theirs = Object.entries(s.models)
        .map(([model, m]) => [
          model,
          m.inputTokens,
          m.outputTokens,
          m.cacheCreationTokens,
          m.cacheReadTokens,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect([file, ...ours]).toEqual([file, ...theirs]);
    }
  });
});
