import { beforeAll, describe, expect, it } from 'vitest';
import { txpipe } from '../../cli/run.js';
import { runConvert } from '../../convert/run-convert.js';
import { ensureBuilt } from '../../shared.js';
import { ID, T, asst, user, type Entry } from './claude-entries.js';

/**
 * Probes of Flockdeck's writer on unusual Claude Code entries (issue 24, items 20-28): for each
 * class, a small conversation and the exact lines Flockdeck's own exporter gives for it, worked
 * out by reading Flockdeck/flockdeck's internal/session/transcript (claude_export.go: the entry
 * struct it decodes each line into, `replyDetails`, `toolResults`, the prompt rules), its
 * internal/record (record.go, export.go: `MetaFor`, `filepath.Base`) and internal/session
 * (`transcriptCwd`, `cwdScanLimit`), and the spec (shared/specs/flockdeck-recording-format.md),
 * not by running txpipe. `convert --to flockdeck --reply-usage first` must give the same bytes.
 */

const NAME = '20261001T090000Z-11111111';

const text = (t: string): Entry => ({ type: 'text', text: t });
const usage4 = {
  input_tokens: 1,
  output_tokens: 2,
  cache_creation_input_tokens: 3,
  cache_read_input_tokens: 4,
};
const USAGE4 =
  '"usage":{"inputTokens":1,"outputTokens":2,"cacheCreationInputTokens":3,"cacheReadInputTokens":4}';

/** The envelope before `type`: `project` and `cwd` where given. */
const head = (
  seq: number,
  s: number | string,
  o: { project?: string; cwd?: string } = {},
): string =>
  `{"v":2,"seq":${seq},"time":"${T(s)}","session":"${NAME}"${o.project !== undefined ? `,"project":${JSON.stringify(o.project)}` : ''},"agent":"claude","conversation":"${ID}"${o.cwd !== undefined ? `,"cwd":${JSON.stringify(o.cwd)}` : ''}`;

/** The lines between `recording_started` and `recording_stopped`. */
async function body(entries: (Entry | string)[]): Promise<string[]> {
  const data = Buffer.from(
    entries.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n',
  );
  const out = await runConvert([{ source: `/p/${ID}.jsonl`, data }], {
    to: 'flockdeck',
    replyUsage: 'first',
  });
  return out
    .split('\n')
    .filter((l) => l !== '')
    .slice(1, -1);
}

/** A Claude Code entry that gives no line and names no directory. */
const filler = (i: number): Entry => ({ type: 'summary', summary: `s${i}`, leafUuid: `l${i}` });

const probes: [string, (Entry | string)[], string[]][] = [
  [
    '20. a usage with counts missing, null or negative: only the counts the reply gives are written',
    [
      user('hi', 0),
      asst([text('a')], 1, { id: 'm1', usage: { output_tokens: 5 } }),
      asst([text('b')], 2, {
        id: 'm2',
        usage: { input_tokens: null, output_tokens: 7, cache_read_input_tokens: 9 },
      }),
      asst([text('c')], 3, { id: 'm3', usage: { input_tokens: -3, output_tokens: 8 } }),
    ],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, 1)},"type":"assistant_message","text":"a","usage":{"outputTokens":5}}`,
      `${head(4, 2)},"type":"assistant_message","text":"b","usage":{"outputTokens":7,"cacheReadInputTokens":9}}`,
      `${head(5, 3)},"type":"assistant_message","text":"c","usage":{"outputTokens":8}}`,
    ],
  ],
  [
    "21. a Windows cwd: the project is the whole path (Go's filepath.Base is POSIX's)",
    [user('hi', 0, { cwd: 'C:\\work\\shop' })],
    [
      `${head(2, 0, { project: 'C:\\work\\shop', cwd: 'C:\\work\\shop' })},"type":"user_prompt","text":"hi"}`,
    ],
  ],
  [
    '22. the first cwd on line 61: no project (Flockdeck looks at the first 60 lines)',
    [...Array.from({ length: 60 }, (_, i) => filler(i)), user('hi', 0, { cwd: '/work/shop' })],
    [`${head(2, 0, { cwd: '/work/shop' })},"type":"user_prompt","text":"hi"}`],
  ],
  [
    '22. the first cwd on line 60: the project is its last element',
    [...Array.from({ length: 59 }, (_, i) => filler(i)), user('hi', 0, { cwd: '/work/shop' })],
    [`${head(2, 0, { project: 'shop', cwd: '/work/shop' })},"type":"user_prompt","text":"hi"}`],
  ],
  [
    '23. an entry whose timestamp is a number, a boolean or an object is dropped; so is one with a field of another type',
    [
      user('hi', 0),
      user('number', 1, { timestamp: 1791018001 }),
      user('boolean', 1, { timestamp: true }),
      user('object', 1, { timestamp: { at: T(1) } }),
      user('meta as text', 1, { isMeta: 'no' }),
      user('cwd a number', 1, { cwd: 5 }),
      user('ok', 2),
    ],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, 2)},"type":"user_prompt","text":"ok"}`,
    ],
  ],
  [
    '24. a tool_use with id "" answered by tool_use_id "": the result names the tool',
    [
      asst([{ type: 'tool_use', id: '', name: 'Bash', input: { command: 'ls' } }], 0),
      user([{ type: 'tool_result', tool_use_id: '', content: 'ok' }], 1),
    ],
    [
      `${head(2, 0)},"type":"tool_call","tool":"Bash","input":{"command":"ls"}}`,
      `${head(3, 1)},"type":"tool_result","tool":"Bash","output":"ok","isError":false,"interrupted":false}`,
    ],
  ],
  [
    "25. a reply whose first entry has no usage and a later one has: on the later entry's line",
    [
      user('hi', 0),
      asst([text('a')], 1, { id: 'm1' }),
      asst([text('b')], 2, { id: 'm1', usage: usage4 }),
      asst([text('c')], 3, { id: 'm1', usage: usage4 }),
    ],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, 1)},"type":"assistant_message","text":"a"}`,
      `${head(4, 2)},"type":"assistant_message","text":"b",${USAGE4}}`,
      `${head(5, 3)},"type":"assistant_message","text":"c"}`,
    ],
  ],
  [
    '26. a message id "": each entry is a reply of its own (usage and stop reason on each)',
    [
      user('hi', 0),
      asst([text('a')], 1, { id: '', usage: usage4, stop_reason: 'tool_use' }),
      asst([text('b')], 2, { id: '', usage: usage4, stop_reason: 'end_turn' }),
    ],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, 1)},"type":"assistant_message","text":"a",${USAGE4},"stopReason":"tool_use"}`,
      `${head(4, 2)},"type":"assistant_message","text":"b",${USAGE4},"stopReason":"end_turn"}`,
    ],
  ],
  [
    "27. a prompt that is a background task's <task-notification> is not a prompt",
    [user('hi', 0), user('<task-notification>\ndone\n</task-notification>', 1), user('ok', 2)],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, 2)},"type":"user_prompt","text":"ok"}`,
    ],
  ],
  [
    '28. a timestamp with a comma before its fraction is read as with a point',
    [user('hi', 0), user('later', 1, { timestamp: '2026-10-01T09:00:05,5Z' })],
    [
      `${head(2, 0)},"type":"user_prompt","text":"hi"}`,
      `${head(3, '2026-10-01T09:00:05.5Z')},"type":"user_prompt","text":"later"}`,
    ],
  ],
];

describe("flockdeck probes: Flockdeck's bytes on unusual input (issue 24)", () => {
  it.each(probes)('%s', async (_name, entries, want) => {
    expect(await body(entries)).toEqual(want);
  });
});

/**
 * 29. `redact --rules flockdeck` gives the text Flockdeck's Go gives: its decoder reads a lone
 * surrogate escape (`\ud800`, `\udc00`) as U+FFFD, in a value or a key, whether or not redaction
 * changes the line; a surrogate pair is a character and stays as written.
 */
describe('redact --rules flockdeck: a lone surrogate is U+FFFD, as Go decodes it (issue 24, item 29)', () => {
  beforeAll(() => ensureBuilt());

  it.each([
    ['a value redaction leaves alone', '{"a":"x\\ud800y"}', '{"a":"x\ufffdy"}'],
    ['a low half, in an array', '{"a":["\\udc00",1]}', '{"a":["\ufffd",1]}'],
    ['a key', '{"k\\ud800":"v"}', '{"k\ufffd":"v"}'],
    [
      'beside a secret',
      '{"a":"x\\ud800y password=hunter2"}',
      '{"a":"x\ufffdy password=[redacted]"}',
    ],
    ['a pair: unchanged, as written', '{"a":"\\ud83d\\ude00"}', '{"a":"\\ud83d\\ude00"}'],
    ['numbers as written', '{"n":1.50,"a":"\\ud800"}', '{"n":1.50,"a":"\ufffd"}'],
  ])('%s', (_name, line, want) => {
    const r = txpipe(['redact', '--rules', 'flockdeck'], { input: `${line}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${want}\n`);
  });
});
