import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt, fixture, repoRoot } from '../../shared.js';
import { jsonlFiles, runConvert } from '../../convert/run-convert.js';

// Goldens in test/golden/flockdeck/ were written by hand from the Flockdeck reference (see the
// README there for the rules each line exercises), not from txpipe's output.
const golden = (name: string): string =>
  readFileSync(join(repoRoot, 'test', 'golden', 'flockdeck', name), 'utf8');
const conversation = (name: string): string[] => jsonlFiles(fixture('flockdeck', name, 'home'));

describe('flockdeck writer: goldens (Flockdeck first-entry usage rule)', () => {
  it.each(['claude_export', 'claude_model', 'claude_more', 'claude_disagree', 'claude_stream'])(
    '%s',
    async (name) => {
      const out = await runConvert(conversation(name), { to: 'flockdeck', replyUsage: 'first' });
      expect(out).toBe(golden(`${name}.jsonl`));
    },
  );

  it('claude_disagree with the default final-count usage', async () => {
    const out = await runConvert(conversation('claude_disagree'), { to: 'flockdeck' });
    expect(out).toBe(golden('claude_disagree.last-usage.jsonl'));
  });
});

describe('flockdeck writer: the built CLI', () => {
  beforeAll(ensureBuilt);

  it('converts a Claude config directory as a user would', () => {
    const out = execFileSync(
      process.execPath,
      [
        bin,
        'convert',
        '--to',
        'flockdeck',
        '--reply-usage',
        'first',
        fixture('flockdeck', 'claude_more'),
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(out).toBe(golden('claude_more.jsonl'));
  });
});
