import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FLOCKDECK_KEYS } from '../../../src/formats/flockdeck/line-keys.js';
import { fixture, spec } from '../../shared.js';
import { jsonlFiles, parseLines, runConvert } from '../../convert/run-convert.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(
  JSON.parse(readFileSync(spec('flockdeck-recording-line.schema.json'), 'utf8')) as object,
);

/**
 * Every Claude Code file in shared/fixtures: the real sessions and Flockdeck's conversations.
 * Subagent files (`agent-*.jsonl`, all sidechain entries) give no lines: Flockdeck leaves
 * subagents out (its reference, section 5), which the tree test below checks.
 */
const claudeFiles = [...jsonlFiles(fixture('claude-code')), ...jsonlFiles(fixture('flockdeck'))];
const sessionFiles = claudeFiles.filter((f) => !/agent-[^\\/]*\.jsonl$/.test(f));
const subagentFiles = claudeFiles.filter((f) => !sessionFiles.includes(f));

function check(lines: Record<string, unknown>[]): void {
  let lastTime = '';
  let seq = 0;
  let session: unknown;
  const replies = new Set<string>();
  for (const line of lines) {
    if (!validate(line)) {
      throw new Error(`${JSON.stringify(line).slice(0, 300)}\n${ajv.errorsText(validate.errors)}`);
    }
    if (line.session !== session) {
      session = line.session;
      seq = 0;
      lastTime = '';
    }
    expect(line.seq).toBe(++seq);
    // RFC 3339 texts of one zone compare as instants once the fraction is padded.
    const t = String(line.time).replace(
      /(\.\d+)?Z$/,
      (_m, f: string | undefined) => `${(f ?? '.').padEnd(10, '0')}Z`,
    );
    expect(t >= lastTime).toBe(true);
    lastTime = t;
    const keys = Object.keys(line);
    const order = keys.map((k) => FLOCKDECK_KEYS.indexOf(k as never));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    if (line.usage) {
      const key = JSON.stringify([line.session, line.time, line.usage]);
      expect(replies.has(key)).toBe(false);
      replies.add(key);
    }
  }
}

describe('flockdeck writer: every line validates against the Flockdeck schema', () => {
  expect(sessionFiles.length).toBeGreaterThan(8);
  for (const replyUsage of ['last', 'first'] as const) {
    it.each(sessionFiles)(`%s (reply usage ${replyUsage})`, async (file) => {
      const lines = parseLines(await runConvert([file], { to: 'flockdeck', replyUsage }));
      expect(lines.length).toBeGreaterThan(1);
      expect(lines[0]!.type).toBe('recording_started');
      expect(lines.at(-1)!.type).toBe('recording_stopped');
      check(lines);
    });
  }

  it.each(subagentFiles)('%s, a subagent file alone, gives no line', async (file) => {
    expect(await runConvert([file], { to: 'flockdeck' })).toBe('');
  });

  it('a whole projects tree, subagents included, writes one transcript per conversation', async () => {
    const files = jsonlFiles(fixture('claude-code', 'marot-spotter'));
    const lines = parseLines(await runConvert(files, { to: 'flockdeck' }));
    check(lines);
    const sessions = new Set(lines.map((l) => l.conversation));
    // Subagent files are sidechains: left out, as Flockdeck leaves them out.
    expect([...sessions].some((s) => String(s).startsWith('agent-'))).toBe(false);
    expect(lines.filter((l) => l.type === 'recording_started').length).toBe(sessions.size);
  });
});
