import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from '../cli-in-process.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { fixture, repoRoot } from '../shared.js';

/** Runs the CLI in this process (so coverage sees it), as `txpipe <argv>`; see cli-in-process.ts. */
const cli = cliInProcess;

const tmp = mkdtempSync(join(tmpdir(), 'txpipe-convert-'));
const golden = (name: string) =>
  readFileSync(join(repoRoot, 'test', 'golden', 'flockdeck', name), 'utf8');

describe('txpipe convert (in-process CLI)', () => {
  it('writes a Claude config directory as Flockdeck v2 to -o', async () => {
    const out = join(tmp, 'more.jsonl');
    const r = await cli([
      'convert',
      '--to',
      'flockdeck',
      '--reply-usage',
      'first',
      '-o',
      out,
      fixture('flockdeck', 'claude_more'),
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toBe(golden('claude_more.jsonl'));
  });

  it('--strict: a line that is not JSON makes exit 3, and --reject-file keeps it', async () => {
    const out = join(tmp, 'export.jsonl');
    const rejects = join(tmp, 'rejects.txt');
    const r = await cli([
      'convert',
      '--to',
      'flockdeck',
      '--strict',
      '--reject-file',
      rejects,
      '-o',
      out,
      fixture('flockdeck', 'claude_export'),
    ]);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toMatch(/:16: malformed/);
    expect(readFileSync(rejects, 'utf8')).toContain('this line is not JSON');
  });

  it('a bad --reply-usage is a usage error', async () => {
    const r = await cli([
      'convert',
      '--reply-usage',
      'middle',
      fixture('flockdeck', 'claude_more'),
    ]);
    expect(r.code).toBe(EXIT.usage);
  });

  it('an unknown target format is a usage error naming the formats', async () => {
    const r = await cli(['convert', '--to', 'nope', fixture('flockdeck', 'claude_more')]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      /Given: "nope", Choices: "flockdeck", "rupu", "awf", "run-record", "txpipe"/,
    );
  });

  it('an input that does not exist fails naming it', async () => {
    const r = await cli(['convert', join(tmp, 'missing.jsonl')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain('missing.jsonl');
  });

  it('a refused Flockdeck version is a failure naming the line', async () => {
    const r = await cli([
      'convert',
      '--from',
      'flockdeck',
      '-o',
      join(tmp, 'x.jsonl'),
      fixture('flockdeck', 'claude_more'),
    ]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toMatch(/:1: a Flockdeck transcript of format version undefined/);
  });
});

describe('the package and the other commands, as convert uses them', () => {
  it('exports convert and the event kinds by name', async () => {
    const pkg = await import('../../src/index.js');
    expect(typeof pkg.convert).toBe('function');
    expect(pkg.EVENT_KINDS).toContain('tool_result');
    expect(pkg.codecOf('flockdeck').decoder).toBeDefined();
  });

  it('cat then convert give what convert alone gives', async () => {
    const catted = join(tmp, 'catted.jsonl');
    const dir = fixture('flockdeck', 'claude_disagree');
    expect((await cli(['cat', '-o', catted, dir])).code).toBe(EXIT.ok);
    const out = join(tmp, 'disagree.jsonl');
    expect((await cli(['convert', '--to', 'flockdeck', '-o', out, catted])).code).toBe(EXIT.ok);
    // The conversation id is the file name, so the catted copy is another conversation.
    const text = readFileSync(out, 'utf8')
      .replaceAll('-catted', '-44444444')
      .replaceAll('"catted"', '"44444444-5555-6666-7777-888888888888"');
    expect(text).toBe(golden('claude_disagree.last-usage.jsonl'));
  });

  it('detect names the formats convert reads', async () => {
    const out = join(tmp, 'detect.txt');
    const r = await cli([
      'detect',
      '-o',
      out,
      fixture('flockdeck', 'claude_more'),
      join(repoRoot, 'test', 'golden', 'flockdeck', 'claude_more.jsonl'),
    ]);
    expect(r.code).toBe(EXIT.ok);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('claude-code');
    expect(text).toContain('flockdeck');
  });
});
