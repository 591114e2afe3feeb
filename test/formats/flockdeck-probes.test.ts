import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConvert } from '../convert/run-convert.js';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { ID, T, asst, user, type Entry } from './flockdeck/claude-entries.js';

/**
 * Probes of Flockdeck's writer, one per rule: a small Claude Code conversation and the exact bytes
 * Flockdeck's own writer gives for it (worked out by reading Flockdeck/flockdeck's
 * internal/record/record.go, redact.go and internal/session/transcript/claude_export.go and their
 * tests, not by running txpipe). Each expected line is written out whole.
 */

const name = (start: number): string => `20261001T0900${String(start).padStart(2, '0')}Z-11111111`;

const call = (id: string, name: string, input: unknown): Entry => ({
  type: 'tool_use',
  id,
  name,
  input,
});
const result = (id: string | undefined, content: unknown): Entry => ({
  type: 'tool_result',
  ...(id !== undefined ? { tool_use_id: id } : {}),
  content,
});

/** The start of a line: the envelope Flockdeck writes before `type` (named by the first line's time). */
const head = (seq: number, s: number, extra = '', start = 0): string =>
  `{"v":2,"seq":${seq},"time":"${T(s)}","session":"${name(start)}","agent":"claude"${extra},"conversation":"${ID}"`;

async function convert(entries: (Entry | string)[], options = {}): Promise<string[]> {
  const data = Buffer.from(
    entries.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n',
  );
  const out = await runConvert([{ source: `/p/${ID}.jsonl`, data }], {
    to: 'flockdeck',
    replyUsage: 'first',
    ...options,
  });
  return out.split('\n').filter((l) => l !== '');
}

/** The lines between `recording_started` and `recording_stopped`. */
async function body(entries: (Entry | string)[], options = {}): Promise<string[]> {
  const lines = await convert(entries, options);
  return lines.slice(1, -1);
}

describe("flockdeck probes: Go's json.Marshal", () => {
  it('escapes <, >, &, U+2028 and U+2029 as \\u003c ...', async () => {
    // (U+2029 at the end would be trimmed: it is white space to Go.)
    expect(await body([user('a<b>&c\u2028d\u2029e', 0)])).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"a\\u003cb\\u003e\\u0026c\\u2028d\\u2029e"}`,
    ]);
  });

  it("sorts the keys of input at every level, keeps -0, and writes Go's float forms", async () => {
    const raw = `{"type":"assistant","timestamp":"${T(0)}","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"X","input":{"z":-0,"a":{"y":1e21,"b":1e-7,"a":[0.1,-0.0]}}}]}}`;
    expect(await body([raw])).toEqual([
      `${head(2, 0)},"type":"tool_call","tool":"X","toolUseId":"t1","input":{"a":{"a":[0.1,-0],"b":1e-7,"y":1e+21},"z":-0}}`,
    ]);
  });

  it('writes a lone surrogate as U+FFFD, as Go decoded it', async () => {
    const raw = `{"type":"user","timestamp":"${T(0)}","message":{"role":"user","content":"a\\ud800b"}}`;
    expect(await body([raw])).toEqual([`${head(2, 0)},"type":"user_prompt","text":"a\ufffdb"}`]);
  });

  // Go replaces each byte of an invalid sequence (`utf8.DecodeRune` gives U+FFFD, size 1);
  // TextDecoder gives one U+FFFD for a cut-short sequence (`E2 82`) and for `F0 9F 98`.
  it.each([
    ['a cut-short sequence (E2 82)', [0xe2, 0x82], 2],
    ['a cut-short 4-byte sequence (F0 9F 98)', [0xf0, 0x9f, 0x98], 3],
    ['an encoded surrogate (ED A0 80)', [0xed, 0xa0, 0x80], 3],
    ['a lone continuation byte and an overlong (80 C0 AF)', [0x80, 0xc0, 0xaf], 3],
    ['a byte past F4 (F5)', [0xf5], 1],
  ])('writes invalid UTF-8 as Go does, one U+FFFD per invalid byte: %s', async (_what, bad, n) => {
    const before = Buffer.from(
      `{"type":"user","timestamp":"${T(0)}","message":{"role":"user","content":"a`,
    );
    const after = Buffer.from('b €"}}\n');
    const data = Buffer.concat([before, Buffer.from(bad), after]);
    const want = Buffer.concat([
      Buffer.from(`${head(2, 0)},"type":"user_prompt","text":"a`),
      Buffer.from('\ufffd'.repeat(n)),
      Buffer.from('b €"}'),
    ]);
    // Whole, and in chunks that cut the line (its bytes then gathered from several chunks).
    for (const chunk of [undefined, 1, 7]) {
      const out = await runConvert(
        [{ source: `/p/${ID}.jsonl`, data }],
        { to: 'flockdeck', replyUsage: 'first' },
        chunk,
      );
      const lines = out.split('\n').filter((l) => l !== '');
      expect(Buffer.from(lines[1] as string).toString('hex')).toBe(want.toString('hex'));
    }
  });

  it('keeps a U+FFFD that the input holds as valid UTF-8 (one, not three)', async () => {
    const raw = `{"type":"user","timestamp":"${T(0)}","message":{"role":"user","content":"a\ufffdb"}}`;
    expect(await body([raw])).toEqual([`${head(2, 0)},"type":"user_prompt","text":"a\ufffdb"}`]);
  });

  it('counts clipped.input in escaped bytes (a < is six)', async () => {
    const input = { command: '<'.repeat(9000) };
    const [line] = await body([asst([call('t1', 'Bash', input)], 0)]);
    const before = 14 + 9000 * 6;
    expect(line).toBe(
      `${head(2, 0)},"type":"tool_call","tool":"Bash","toolUseId":"t1","input":{"command":"${'\\u003c'.repeat(8192)}\u2026[clipped 808 bytes]"},"clipped":{"input":${before}}}`,
    );
  });

  it('measures the size cap in escaped bytes', async () => {
    // 600 '<' are 600 bytes as JS writes them, 3600 as Go does: the second prompt does not fit.
    const lines = await convert([user('ok', 0), user('<'.repeat(600), 1)], {
      encode: { maxBytes: 1500 },
    });
    expect(lines.map((l) => JSON.parse(l).type)).toEqual([
      'recording_started',
      'user_prompt',
      'recording_truncated',
    ]);
  });
});

describe("flockdeck probes: Flockdeck's own redaction rules", () => {
  it("redacts as Flockdeck does where txpipe's default rules differ (quotes, URL host, a type)", async () => {
    const text =
      '{"apiKey": "abcd1234efgh5678"} token: string; https://u:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/a';
    expect(await body([user(text, 0)])).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"{\\"apiKey\\": [redacted]} token: [redacted]; https://u:[redacted]@github.com/a","redacted":true}`,
    ]);
  });
});

describe('flockdeck probes: redaction before clipping', () => {
  it('does not clip a string that redaction shortens below the limit', async () => {
    const text = `${'x'.repeat(32745)} password=${'h'.repeat(30)}`;
    expect(await body([user(text, 0)])).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"${'x'.repeat(32745)} password=[redacted]","redacted":true}`,
    ]);
  });

  it('redacts a secret at the cut before cutting, so it cannot eat the marker', async () => {
    const text = `${'x'.repeat(32759)} password=${'h'.repeat(40)}`;
    expect(await body([user(text, 0)])).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"${'x'.repeat(32759)} password\u2026[clipped 11 bytes]","redacted":true,"clipped":{"text":32809}}`,
    ]);
  });

  it('gives clipped from a marker already at the end of a string (bytes before it + N)', async () => {
    const lines = await body([
      asst([call('t1', 'Bash', { command: 'ls' })], 0),
      user([result('t1', 'abc\u2026[clipped 100 bytes]')], 1),
    ]);
    expect(lines[1]).toBe(
      `${head(3, 1)},"type":"tool_result","tool":"Bash","toolUseId":"t1","output":"abc\u2026[clipped 100 bytes]","isError":false,"interrupted":false,"clipped":{"output":103}}`,
    );
  });

  it('gives clipped.input when the input JSON already holds a marker', async () => {
    const [line] = await body([
      asst([call('t1', 'Bash', { command: 'ls\u2026[clipped 5 bytes]' })], 0),
    ]);
    expect(line).toBe(
      `${head(2, 0)},"type":"tool_call","tool":"Bash","toolUseId":"t1","input":{"command":"ls\u2026[clipped 5 bytes]"},"clipped":{"input":36}}`,
    );
  });
});

describe('flockdeck probes: secret files', () => {
  it('withholds only the top-level strings of a secret call, and marks it redacted', async () => {
    const input = { file_path: '.env', content: 'A=1', mode: { x: 'y' }, n: 5 };
    const [line] = await body([asst([call('t1', 'Write', input)], 0)]);
    expect(line).toBe(
      `${head(2, 0)},"type":"tool_call","tool":"Write","toolUseId":"t1","input":{"content":"[withheld: a secret file]","file_path":".env","mode":{"x":"y"},"n":5},"redacted":true}`,
    );
  });

  it('measures clipped.input on the withheld input', async () => {
    const [line] = await body([
      asst([call('t1', 'Write', { file_path: 'id_rsa', content: 'k'.repeat(9000) })], 0),
    ]);
    expect(line).toBe(
      `${head(2, 0)},"type":"tool_call","tool":"Write","toolUseId":"t1","input":{"content":"[withheld: a secret file]","file_path":"id_rsa"},"redacted":true}`,
    );
  });

  it('withholds a result with an unknown or missing id after a secret call (the last-call rule)', async () => {
    const lines = await body([
      asst([call('t1', 'Bash', { command: 'cat "./.env";' })], 0),
      user([result('elsewhere', 'A=1')], 1),
      user([result(undefined, 'B=2')], 2),
      asst([call('t2', 'Bash', { command: 'ls' })], 3),
      user([result('gone', 'C=3')], 4),
    ]);
    expect(lines.map((l) => [JSON.parse(l).output, JSON.parse(l).redacted])).toEqual([
      [undefined, true],
      ['[withheld: a secret file]', true],
      ['[withheld: a secret file]', true],
      [undefined, undefined],
      ['C=3', undefined],
    ]);
  });

  it('finds secret paths in commands as Flockdeck does: words split on white space only', async () => {
    const lines = await body([
      asst([call('t1', 'Bash', { command: 'cat .env|head' })], 0),
      user([result('t1', 'A=1')], 1),
    ]);
    expect(JSON.parse(lines[0]!).redacted).toBeUndefined();
    expect(JSON.parse(lines[1]!).output).toBe('A=1');
  });
});

describe('flockdeck probes: which entries become lines', () => {
  it('joins the trimmed, non-blank text blocks of an entry with a blank line', async () => {
    const content = [
      { type: 'text', text: '  a  ' },
      { type: 'text', text: '   ' },
      { type: 'thinking', thinking: 'hm' },
      { type: 'text', text: 'b\n' },
    ];
    expect(await body([asst(content, 0)])).toEqual([
      `${head(2, 0)},"type":"assistant_message","text":"a\\n\\nb"}`,
    ]);
  });

  it('strips <system-reminder> blocks from a prompt', async () => {
    expect(await body([user('<system-reminder>x</system-reminder>\nhello', 0)])).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"hello"}`,
    ]);
  });

  it('gives only the prompt for a user entry with prompt text and a tool result', async () => {
    const lines = await body([
      asst([call('t1', 'Bash', { command: 'ls' })], 0),
      user([result('t1', 'out'), { type: 'text', text: 'also this' }], 1),
    ]);
    expect(lines[1]).toBe(`${head(3, 1)},"type":"user_prompt","text":"also this"}`);
    expect(lines).toHaveLength(2);
  });

  it('drops synthetic prompts unless their origin is human', async () => {
    expect(
      await body([
        user('Caveat: written by Claude Code', 0),
        user('<command-name>/x</command-name>', 1),
        user('Caveat: typed', 2, { origin: { kind: 'human' } }),
      ]),
    ).toEqual([`${head(2, 2, '', 2)},"type":"user_prompt","text":"Caveat: typed"}`]);
  });

  it('writes only ai-title titles, trimmed', async () => {
    const lines = await body([
      user('hi', 0),
      { type: 'custom-title', customTitle: 'Mine' },
      { type: 'ai-title', aiTitle: '  The title  ' },
    ]);
    expect(lines[1]).toBe(`${head(3, 0)},"type":"conversation_title","title":"The title"}`);
    expect(lines).toHaveLength(2);
  });

  it('writes tool_use calls only, and calls with no input, a null input or no name as Go does', async () => {
    const lines = await body([
      asst(
        [
          { type: 'server_tool_use', id: 's1', name: 'web_search', input: { q: 'x' } },
          { type: 'tool_use', id: 't1', name: 'A' },
          { type: 'tool_use', id: 't2', name: 'B', input: null },
          { type: 'tool_use', id: 't3', input: {} },
        ],
        0,
      ),
    ]);
    expect(lines).toEqual([
      `${head(2, 0)},"type":"tool_call","tool":"A","toolUseId":"t1","input":""}`,
      `${head(3, 0)},"type":"tool_call","tool":"B","toolUseId":"t2"}`,
      `${head(4, 0)},"type":"tool_call","toolUseId":"t3","input":{}}`,
    ]);
  });

  it('cuts ids, tools, versions and triggers to 256 bytes', async () => {
    const long = (c: string): string => c.repeat(300);
    const lines = await body([
      asst([call(long('i'), long('n'), {})], 0, {}, { version: long('v') }),
      {
        type: 'system',
        subtype: 'compact_boundary',
        timestamp: T(1),
        compactMetadata: { trigger: long('g') },
      },
    ]);
    expect(lines[0]).toBe(
      `${head(2, 0)},"agentVersion":"${'v'.repeat(256)}","type":"tool_call","tool":"${'n'.repeat(256)}","toolUseId":"${'i'.repeat(256)}","input":{}}`,
    );
    expect(lines[1]).toBe(
      `${head(3, 1)},"type":"conversation_compacted","trigger":"${'g'.repeat(256)}"}`,
    );
  });
});

describe('flockdeck probes: time', () => {
  it('clamps to the previous entry read, even one that gave no line', async () => {
    expect(
      await body([user('a', 0), user('reminder', 20, { isMeta: true }), user('b', 15)]),
    ).toEqual([
      `${head(2, 0)},"type":"user_prompt","text":"a"}`,
      `${head(3, 20)},"type":"user_prompt","text":"b"}`,
    ]);
  });

  it("refuses a lower-case t or z, as Go's time.Parse does (the previous time is used)", async () => {
    expect(
      await body([user('a', 5), { ...user('b', 0), timestamp: '2026-10-01t09:00:09z' }]),
    ).toEqual([
      `${head(2, 5, '', 5)},"type":"user_prompt","text":"a"}`,
      `${head(3, 5, '', 5)},"type":"user_prompt","text":"b"}`,
    ]);
  });
});

describe('flockdeck probes: the closing line and a title first', () => {
  it('closes at the time and envelope of the last line written, not of a later entry read', async () => {
    const lines = await convert([
      user('a', 0, { cwd: '/w/p' }),
      user('reminder', 9, { isMeta: true, cwd: '/w/q' }),
    ]);
    expect(lines.at(-1)).toBe(
      `{"v":2,"seq":3,"time":"${T(0)}","session":"${name(0)}","project":"p","agent":"claude","conversation":"${ID}","cwd":"/w/p","type":"recording_stopped","text":"end of the transcript"}`,
    );
  });

  it('opens the transcript with a title when the title is the first line', async () => {
    const lines = await convert([
      user('reminder', 5, { isMeta: true, gitBranch: 'main' }),
      { type: 'ai-title', aiTitle: 'Named' },
    ]);
    const env = `"time":"${T(5)}","session":"${name(5)}","agent":"claude","conversation":"${ID}","gitBranch":"main"`;
    expect(lines).toEqual([
      `{"v":2,"seq":1,${env},"type":"recording_started","text":"start of the transcript"}`,
      `{"v":2,"seq":2,${env},"type":"conversation_title","title":"Named"}`,
      `{"v":2,"seq":3,${env},"type":"recording_stopped","text":"end of the transcript"}`,
    ]);
  });
});

describe('flockdeck probes: usage under --reply-usage first', () => {
  const u = (output: number): Entry => ({
    input_tokens: 1,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  });
  const usage = (output: number): string =>
    `"usage":{"inputTokens":1,"outputTokens":${output},"cacheCreationInputTokens":0,"cacheReadInputTokens":0}`;

  it("puts a later entry's usage on that later entry's line", async () => {
    expect(
      await body([
        asst([{ type: 'thinking', thinking: 'hm' }], 0, { id: 'm1', usage: u(5) }),
        asst([{ type: 'text', text: 'a' }], 1, { id: 'm1', usage: u(50) }),
      ]),
    ).toEqual([`${head(2, 1, '', 1)},"type":"assistant_message","text":"a",${usage(50)}}`]);
  });

  it('gives none to a message id seen again after another reply', async () => {
    const lines = await body([
      asst([{ type: 'text', text: 'a' }], 0, { id: 'm1', usage: u(1) }),
      asst([{ type: 'text', text: 'b' }], 1, { id: 'm2', usage: u(2) }),
      asst([{ type: 'text', text: 'c' }], 2, { id: 'm1', usage: u(3) }),
    ]);
    expect(lines[2]).toBe(`${head(4, 2)},"type":"assistant_message","text":"c"}`);
  });

  it('skips an empty stop reason and trims model and stop reason', async () => {
    const lines = await body([
      asst([{ type: 'text', text: 'a' }], 0, { id: 'm1', model: ' opus ', stop_reason: '' }),
      asst([{ type: 'text', text: 'b' }], 1, {
        id: 'm1',
        model: ' opus ',
        stop_reason: ' end_turn ',
      }),
    ]);
    expect(lines).toEqual([
      `${head(2, 0, ',"model":"opus"')},"type":"assistant_message","text":"a"}`,
      `${head(3, 1, ',"model":"opus"')},"type":"assistant_message","text":"b","stopReason":"end_turn"}`,
    ]);
  });

  it("writes compaction token counts as Go's int conversion gives them", async () => {
    const lines = await body([
      user('a', 0),
      {
        type: 'system',
        subtype: 'compact_boundary',
        timestamp: T(1),
        compactMetadata: { trigger: ' auto ', preTokens: 1.9, postTokens: 1e20 },
      },
    ]);
    expect(lines[1]).toBe(
      `${head(3, 1)},"type":"conversation_compacted","trigger":"auto","tokensBefore":1,"tokensAfter":-9223372036854775808}`,
    );
  });
});

describe('flockdeck writer: sources without a time on each entry (issue 12, item 7)', () => {
  beforeAll(ensureBuilt);

  it("places another source's events at its run's start when they carry no time", async () => {
    const out = await runConvert([fixture('rupu', 'transcript_events.json')], {
      to: 'flockdeck',
    });
    const lines = out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(3);
    expect(new Set(lines.map((l) => l.time))).toEqual(new Set(['2026-08-20T12:00:00Z']));
    expect(lines.map((l) => l.type)).toContain('tool_call');
  });

  it('refuses a session with no time anywhere: its lines reported, never an empty success', async () => {
    const source = fixture('eval-magic', 'claude-stream-json', 'claude-events.jsonl');
    expect(await runConvert([source], { to: 'flockdeck' })).toBe('');
    const run = spawnSync(
      process.execPath,
      [bin, 'convert', '--to', 'flockdeck', '--strict', source],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^txpipe: \d+ lines? not written:\n {2}.*claude-events\.jsonl:1: format: flockdeck: session claude-events has no time/,
    );
  });
});
