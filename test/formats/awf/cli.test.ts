import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import type { RunNode } from '../../../src/formats/awf/run-linker.js';
import { fixture, repoRoot } from '../../shared.js';
import { cliInProcess } from '../../cli-in-process.js';

// The CLI run in-process (the same program as the binary, see helpers.ts) on the shared AWF
// goldens and on the ExchangeEvent fixtures of test/fixtures/awf (see its README).
const awfDir = `${repoRoot}/test/fixtures/awf`;

describe('txpipe CLI on AWF (in process)', () => {
  it.each([
    ['claude', 'claude'],
    ['codex', 'codex'],
    ['copilot', 'github_copilot'],
    ['gemini', 'gemini'],
    ['openaicompatible', 'openai_compatible'],
  ])('normalize --array reproduces golden/%s.json (agent name %s)', async (dir, agent) => {
    const r = await cliInProcess([
      'normalize',
      '--agent',
      agent,
      '--array',
      fixture('awf', dir, 'input.jsonl'),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe(readFileSync(fixture('awf', 'golden', `${dir}.json`), 'utf8'));
  });

  it('normalize keeps unreadable lines in --reject-file and fails with --strict', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'txpipe-awf-rej-'));
    const rejects = join(dir, 'rejects.jsonl');
    const r = await cliInProcess([
      'normalize',
      '--agent',
      'gemini',
      '--strict',
      '--reject-file',
      rejects,
      fixture('awf', 'codex', 'input.jsonl'),
    ]);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toMatch(/1 line/);
    expect(await readFile(rejects, 'utf8')).toContain('Hello\u0000world');
    await rm(dir, { recursive: true, force: true });
  });

  it('normalize with an unknown agent is a usage error naming the known ones', async () => {
    const r = await cliInProcess([
      'normalize',
      '--agent',
      'cursor',
      fixture('awf', 'codex', 'input.jsonl'),
    ]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      /unknown agent cursor; known: claude, codex, copilot, gemini, openai-compatible/,
    );
  });

  it('normalize without --agent is a usage error', async () => {
    const r = await cliInProcess(['normalize', fixture('awf', 'codex', 'input.jsonl')]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/--agent is required/);
  });

  it('convert --from awf --to awf writes a directory of runs back unchanged', async () => {
    const r = await cliInProcess(['convert', '--from', 'awf', '--to', 'awf', `${awfDir}/runs`]);
    expect(r.code).toBe(EXIT.ok);
    const files = [
      'runs/550e8400-e29b-41d4-a716-446655440000.jsonl',
      'runs/children/6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f.jsonl',
      'runs/children/7a2d3c8f-4e5b-4d6c-8f9a-1b2c3d4e5f60.jsonl',
      'runs/children/nested/8b3e4d90-5f6c-4e7d-9a0b-2c3d4e5f6071.jsonl',
    ];
    expect(r.stdout).toBe(files.map((f) => readFileSync(`${awfDir}/${f}`, 'utf8')).join(''));
  });

  it('awf-tree assembles the runs three levels deep', async () => {
    const r = await cliInProcess(['awf-tree', `${awfDir}/runs`]);
    expect(r.code).toBe(EXIT.ok);
    const [root, ...rest] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RunNode);
    expect(rest).toEqual([]);
    expect(root!.children[0]!.children[0]!.runId).toBe('8b3e4d90-5f6c-4e7d-9a0b-2c3d4e5f6071');
  });
});
