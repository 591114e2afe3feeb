import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getNormalizer, normalizers } from '../../../src/formats/awf/normalizers/registry.js';
import { normalize, normalizeRecord, blocksText } from '../../../src/transforms/normalize.js';
import type { ContentBlock } from '../../../src/formats/awf/content-block.js';
import { REJECT_EVENT, type Rejection } from '../../../src/stream/rejection.js';
import type { Rec } from '../../../src/stream/rec.js';
import { Readable } from 'node:stream';
import { collect } from '../../helpers.js';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { fixture } from '../../shared.js';
import { cli, ensureBuilt, records, recordsOfBytes } from './helpers.js';

// Inputs and goldens are AWF's own golden test data (shared/fixtures/awf): <agent>/input.jsonl is
// the agent's stdout, golden/<agent>.json the blocks AWF's normalizer makes from it.
const agents = [
  { dir: 'claude', agent: 'claude' },
  { dir: 'codex', agent: 'codex' },
  { dir: 'copilot', agent: 'copilot' },
  { dir: 'gemini', agent: 'gemini' },
  { dir: 'openaicompatible', agent: 'openai-compatible' },
];

function blocksOf(agent: string, recs: readonly Rec[]): ContentBlock[] {
  const n = getNormalizer(agent)!;
  const out: ContentBlock[] = [];
  for (const r of recs) {
    const got = normalizeRecord(n, r);
    if ('blocks' in got) out.push(...got.blocks);
  }
  return out;
}

beforeAll(ensureBuilt);

describe.each(agents)('normalizer $agent against AWF golden', ({ dir, agent }) => {
  const input = fixture('awf', dir, 'input.jsonl');
  const golden = readFileSync(fixture('awf', 'golden', `${dir}.json`), 'utf8');

  it('gives the golden blocks: deep-equal, and the same bytes in AWF layout', async () => {
    const blocks = blocksOf(agent, await records(input));
    expect(blocks).toEqual(JSON.parse(golden));
    expect(Buffer.from(blocksText(blocks) + '\n')).toEqual(Buffer.from(golden));
  });

  it('gives the same blocks whatever the chunk size', async () => {
    const bytes = readFileSync(input);
    const want = JSON.parse(golden) as unknown;
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      expect(blocksOf(agent, await recordsOfBytes(bytes, size))).toEqual(want);
    }
  });

  it('the CLI writes the golden file byte for byte with --array', async () => {
    const { stdout, code } = await cli(['normalize', '--agent', agent, '--array', input]);
    expect(code).toBe(0);
    expect(Buffer.from(stdout)).toEqual(Buffer.from(golden));
  });
});

describe('normalizer details', () => {
  it('codex: the NUL byte of the input is a NUL in the text (JSON writes it \\u0000)', async () => {
    const raw = readFileSync(fixture('awf', 'codex', 'input.jsonl'));
    expect(raw.includes(0)).toBe(true);
    const { stdout } = await cli([
      'normalize',
      '--agent',
      'codex',
      fixture('awf', 'codex', 'input.jsonl'),
    ]);
    const first = stdout.split('\n')[0]!;
    expect(first).toContain('Hello\\u0000world');
    expect((JSON.parse(first) as ContentBlock).text).toBe('Hello\u0000world');
  });

  const rows: [agent: string, line: unknown, blocks: unknown[]][] = [
    ['claude', { type: 'user', message: { content: [{ type: 'text', text: 'hi' }] } }, []],
    ['claude', { type: 'assistant', message: { content: [{ type: 'text', text: '' }] } }, []],
    [
      'claude',
      { type: 'assistant', message: { content: [{ type: 'tool_use', id: 't1', name: 'Bash' }] } },
      [
        {
          type: 'tool_use',
          fidelity: 'agent_emitted',
          tool_name: 'Bash',
          tool_id: 't1',
          tool_input: null,
        },
      ],
    ],
    ['claude', { type: 'assistant', message: { content: [{ type: 'image' }] } }, []],
    ['claude', { type: 'result', result: 'done' }, []],
    // A line of a type the normalizer does not use is not checked further (a user turn's string
    // content is fine in Claude's output).
    ['claude', { type: 'user', message: { content: 'a prompt' } }, []],
    ['codex', { type: 'turn.failed', item: 'x' }, []],
    ['copilot', { type: 'system.ready', data: [] }, []],
    ['gemini', { type: 'user', content: 5 }, []],
    [
      'codex',
      { type: 'item.completed', item: { type: 'agent_message', text: 'via type' } },
      [{ type: 'text', fidelity: 'agent_emitted', text: 'via type' }],
    ],
    [
      'codex',
      { type: 'item.completed', item: { item_type: 'agent_message' } },
      [{ type: 'text', fidelity: 'agent_emitted' }],
    ],
    [
      'codex',
      { type: 'item.completed', item: { item_type: 'command_execution', name: 'sh' } },
      [{ type: 'tool_use', fidelity: 'agent_emitted', tool_name: 'sh', tool_input: '' }],
    ],
    ['codex', { type: 'item.started', item: { item_type: 'agent_message', text: 'x' } }, []],
    ['codex', { type: 'turn.completed' }, []],
    ['copilot', { type: 'assistant.message', data: { content: 42 } }, []],
    ['copilot', { type: 'assistant.message', data: { content: '' } }, []],
    [
      'copilot',
      { type: 'tool.execution_start' },
      [{ type: 'tool_use', fidelity: 'agent_emitted' }],
    ],
    ['gemini', { type: 'message', role: 'user', content: 'hi' }, []],
    [
      'gemini',
      { type: 'message', role: 'assistant', toolCalls: [{ name: 'ls' }] },
      [{ type: 'tool_use', fidelity: 'agent_emitted', tool_name: 'ls', tool_input: null }],
    ],
    ['openai-compatible', { object: 'chat.completion.chunk', choices: [{ delta: {} }] }, []],
    [
      'openai-compatible',
      {
        object: 'x',
        choices: [
          { delta: { tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '' } }] } },
        ],
      },
      [{ type: 'tool_use', fidelity: 'agent_emitted', tool_name: 'f', tool_id: 'c1' }],
    ],
    [
      'openai-compatible',
      { object: 'x', choices: [{ delta: { content: 'a' } }, { delta: { content: 'b' } }] },
      [{ type: 'text', fidelity: 'agent_emitted', text: 'a' }],
    ],
    ['openai-compatible', { choices: [{ delta: { content: 'no object' } }] }, []],
  ];
  it.each(rows)('%s %j', (agent, line, want) => {
    const got = normalizeRecord(getNormalizer(agent)!, {
      raw: JSON.stringify(line),
      value: line,
      line: 1,
      source: '-',
    });
    expect(got).toEqual({ blocks: want });
  });

  const bad: [agent: string, line: unknown][] = [
    ['claude', { type: 'assistant', message: { content: [{ type: 'text', text: 5 }] } }],
    ['claude', { type: 'assistant', message: { content: 'text' } }],
    ['claude', { type: 'assistant', message: { content: [{ type: 'tool_use', input: [1] }] } }],
    ['claude', { type: 'assistant', message: { content: [{ type: 'text', text: 'ok' }, 7] } }],
    [
      'codex',
      { type: 'item.completed', item: { item_type: 'function_call', arguments: { a: 1 } } },
    ],
    ['copilot', { type: 'assistant.message', data: 'x' }],
    ['gemini', { type: 'message', role: 'assistant', toolCalls: {} }],
    ['openai-compatible', { object: 'x', choices: [{ delta: { content: 1 } }] }],
    ['claude', [1, 2]],
  ];
  it.each(bad)(
    '%s: a field of the wrong type makes the line an error, not blocks: %j',
    (agent, line) => {
      const got = normalizeRecord(getNormalizer(agent)!, {
        raw: JSON.stringify(line),
        value: line,
        line: 1,
        source: '-',
      });
      expect(got).toHaveProperty('error');
    },
  );

  it('a line that is not JSON is rejected and reading goes on; blank and null lines give nothing', async () => {
    const recs: Rec[] = [
      { raw: '{"type":"assistant.message"', line: 1, source: 'x', invalid: 'truncated' },
      { raw: 'null', value: null, line: 2, source: 'x' },
      {
        raw: '',
        value: { type: 'assistant.message', data: { content: 'ok' } },
        line: 3,
        source: 'x',
      },
    ];
    const stage = normalize({ agent: 'github_copilot' });
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(Readable.from(recs).pipe(stage));
    expect(out.map((r) => r.value)).toEqual([
      { type: 'text', fidelity: 'agent_emitted', text: 'ok' },
    ]);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([[1, 'malformed']]);
  });

  it('the CLI reports unreadable lines, exits 0, and 3 with --strict', async () => {
    const path = fixture('awf', 'copilot', 'input.jsonl');
    const ok = await cli(['normalize', '--agent', 'codex', path]);
    expect(ok.code).toBe(0);
    const bad = await cli([
      'normalize',
      '--agent',
      'claude',
      '--strict',
      fixture('awf', 'codex', 'input.jsonl'),
    ]);
    expect(bad.stderr).toMatch(/1 line/);
    expect(bad.code).toBe(EXIT.rejected);
  });

  it('rejects bad options at construction', () => {
    expect(() => normalize({ agent: 'nope' })).toThrow(/unknown agent nope/);
    expect(() => normalize({} as never)).toThrow(/--agent is required/);
    expect(() => normalize({ agent: 'codex', maxBlocks: 0 })).toThrow(/maxBlocks/);
  });

  it('--array with no blocks writes an empty array, as AWF does', async () => {
    const recs: Rec[] = [
      { raw: '', value: { type: 'system.ready', data: {} }, line: 1, source: 'x' },
    ];
    const out = await collect<Rec>(
      Readable.from(recs).pipe(normalize({ agent: 'copilot', array: true })),
    );
    expect(out.map((r) => r.raw)).toEqual(['[]']);
  });

  it('--array holds at most maxBlocks blocks', async () => {
    const recs = await records(fixture('awf', 'gemini', 'input.jsonl'));
    const stage = normalize({ agent: 'gemini', array: true, maxBlocks: 2 });
    await expect(collect(Readable.from(recs).pipe(stage))).rejects.toThrow(/more than 2 blocks/);
  });

  it('every normalizer has a distinct id and aliases', () => {
    const names = normalizers.flatMap((n) => [n.id, ...n.aliases]);
    expect(new Set(names).size).toBe(names.length);
  });
});
