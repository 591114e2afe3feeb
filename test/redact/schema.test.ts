import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { spec } from '../shared.js';
import { redactBytes } from './helpers.js';

// The example lines of the Flockdeck format reference (every `{"v":2…}` line in it), with secrets
// put into the tool call and a prompt, redacted; every output line must still validate.
const examples = readFileSync(spec('flockdeck-recording-format.md'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('{"v":2'))
  .map((l) => JSON.parse(l) as Record<string, unknown>);

function withSecrets(line: Record<string, unknown>): Record<string, unknown> {
  if (line.type === 'tool_call')
    return { ...line, input: { command: 'cat .env', description: 'show the env' } };
  if (line.type === 'user_prompt' || line.type === 'assistant_message')
    return { ...line, text: `${String(line.text)} DB_PASSWORD=hunter2` };
  return line;
}

describe('Flockdeck v2 lines stay valid against the schema after redaction', () => {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(
    JSON.parse(readFileSync(spec('flockdeck-recording-line.schema.json'), 'utf8')),
  );

  it('has examples of calls, results and prompts', () => {
    const types = new Set(examples.map((e) => e.type));
    for (const t of ['tool_call', 'tool_result', 'user_prompt']) expect(types).toContain(t);
  });

  it('every redacted line validates, and the changed ones say "redacted": true', async () => {
    const input = Buffer.from(
      examples.map((e) => JSON.stringify(withSecrets(e))).join('\n') + '\n',
    );
    const out = (await redactBytes(input, 0, {}, 'flockdeck.jsonl'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(examples.length);
    let changed = 0;
    for (const line of out) {
      expect([line.type, validate(line) ? [] : validate.errors]).toEqual([line.type, []]);
      if (line.redacted === true) changed++;
    }
    const results = out.filter((l) => l.type === 'tool_result' && l.toolUseId === 'toolu_01');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results)
      expect(r).toMatchObject({ output: '[withheld: a secret file]', redacted: true });
    expect(changed).toBeGreaterThanOrEqual(3);
  });
});
