/* eslint-disable @typescript-eslint/no-explicit-any -- the real Claude Code files are read as loose JSON */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../src/events/event.js';
import type { Decoder } from '../../src/formats/adapter.js';
import { eventsReplayer } from '../../src/replay/events-replayer.js';
import type { Message, Replayed } from '../../src/replay/replayer.js';
import { replay } from '../../src/transforms/replay.js';
import { bin, ensureBuilt, fixture, repoRoot } from '../shared.js';
import { runStage } from '../convert/run-stage.js';

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'rupu', name);

async function replayed(files: string[], from?: string) {
  const { recs, rejections } = await runStage(files, replay({ from }));
  return { out: recs.map((r) => r.value as Replayed), rejections };
}

beforeAll(ensureBuilt);

describe('replay: rupu v2, by the spec replay rules', () => {
  it('rebuilds the full transcript', async () => {
    const { out, rejections } = await replayed([own('run_v2_full.jsonl')]);
    expect(rejections).toEqual([]);
    expect(out).toHaveLength(1);
    const raw = (
      JSON.parse(
        readFileSync(own('run_v2_full.jsonl'), 'utf8')
          .split('\n')
          .find((l) => l.startsWith('{"type":"thinking",'))!,
      ) as { data: { raw: unknown } }
    ).data.raw;
    // Derived by hand from the rules and the fixture (see test/fixtures/rupu/README.md):
    const expected: Message[] = [
      // the seed's messages first
      { role: 'user', content: 'Earlier: look at src/' },
      { role: 'assistant', content: [{ type: 'text', text: 'Looked.' }] },
      // the user_message
      { role: 'user', content: 'Review parser.rs' },
      // turn 0: the `once` injection where it stands (the every_turn one adds nothing)
      { role: 'user', content: 'from lynx#1: port 22 is open' },
      // turn 0: raw reasoning block, text, tool call; the abandoned block skipped
      {
        role: 'assistant',
        content: [
          raw as Record<string, unknown>,
          { type: 'text', text: 'I will read parser.rs.' },
          { type: 'tool_use', id: 'toolu_01', name: 'read_file', input: { path: 'src/parser.rs' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'fn parse() {}' }],
      },
      // turn 1 discarded; turn 3 merged into turn 2 (recovery merge_into_previous)
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'The parser is' },
          { type: 'text', text: ' fine.' },
        ],
      },
      { role: 'user', content: 'Thanks. One more: lexer.rs' },
      // turn 4 has no turn_end: in flight, dropped
    ];
    expect(out[0]).toEqual({
      session: 'run_01JB7Q2M4X8T6V0K3N5R9C1D2E',
      source: own('run_v2_full.jsonl'),
      format: 'rupu',
      messages: expected,
    });
  });

  it('a compaction replaces everything so far; a seed naming a transcript is reported', async () => {
    const { out } = await replayed([own('run_v2_compaction.jsonl')]);
    expect(out[0]!.messages).toEqual([
      { role: 'user', content: 'Summary: step one is done.' },
      { role: 'assistant', content: [{ type: 'text', text: 'step two done' }] },
    ]);
    expect(out[0]!.notes).toEqual([
      'seed names transcript run_01PARENT: rebuild it first and prepend it',
    ]);
  });

  it('damaged files: bad lines rejected, the rest rebuilt, the in-flight turn dropped', async () => {
    const { out, rejections } = await replayed([own('run_v2_damaged.jsonl')]);
    expect(rejections.map((r) => [r.line, r.reason])).toEqual([
      [6, 'malformed'],
      [7, 'format'],
      [11, 'truncated'],
    ]);
    expect(out[0]!.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'text', text: 'first' }] },
    ]);
  });

  it('version 1 rebuilds without reasoning blocks; one record per input', async () => {
    const { out } = await replayed([
      fixture('rupu', 'transcript_events.json'),
      fixture('rupu', 'run_smoke.jsonl'),
    ]);
    expect(out.map((r) => r.session)).toEqual(['run-01', 'run_smoke']);
    const blocks = out[0]!.messages.flatMap((m) =>
      typeof m.content === 'string' ? [] : m.content,
    );
    expect(blocks.some((b) => b.type === 'thinking')).toBe(false);
    expect(out[0]!.messages[0]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Here is the plan' },
        { type: 'text', text: 'Done' },
        { type: 'tool_use', id: 'call-1', name: 'Read', input: { file_path: 'src/a.rs' } },
      ],
    });
    expect(out[1]!.messages).toEqual([]);
  });
});

describe('replay: Claude Code sessions (from canonical events)', () => {
  for (const name of ['short.jsonl', 'tool_heavy.jsonl']) {
    it(`rebuilds ${name}: alternating calls and results, signatures kept, no subagent`, async () => {
      const file = fixture('claude-code', 'marot-spotter', name);
      const entries = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, any>);
      const { out, rejections } = await replayed([file]);
      expect(rejections).toEqual([]);

      const firstPrompt = entries.find((e) => e.type === 'user' && !e.isSidechain && !e.isMeta)!;
      // the conversation of the first prompt's session (a file can hold other sessions' entries)
      const main = out.find((r) => r.session === firstPrompt.sessionId)!;
      const msgs = main.messages;
      const firstText =
        typeof firstPrompt.message.content === 'string'
          ? firstPrompt.message.content
          : firstPrompt.message.content.find((b: any) => b.type === 'text')?.text;
      expect(msgs[0]).toEqual({ role: 'user', content: firstText });
      // every tool result answers a tool_use of the assistant message just before its user message
      msgs.forEach((m, i) => {
        if (typeof m.content === 'string' || m.role !== 'user') return;
        const prev = msgs[i - 1]!;
        expect(prev.role).toBe('assistant');
        const ids = new Set(
          (prev.content as any[]).filter((b) => b.type === 'tool_use').map((b) => b.id),
        );
        for (const b of m.content)
          if (b.type === 'tool_result') expect(ids.has(b.tool_use_id)).toBe(true);
      });
      // every tool call and signed thinking block of the main conversation is there, in file order
      const fileBlocks = entries
        .filter(
          (e) => e.type === 'assistant' && !e.isSidechain && Array.isArray(e.message?.content),
        )
        .flatMap((e) => e.message.content as any[]);
      const want = fileBlocks.filter((b) => b.type === 'tool_use').map((b) => b.id);
      const got = msgs
        .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
        .filter((b) => b.type === 'tool_use')
        .map((b) => b.id);
      expect(got).toEqual(want);
      const sigs = fileBlocks.filter((b) => b.type === 'thinking').map((b) => b.signature);
      const gotSigs = msgs
        .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
        .filter((b) => b.type === 'thinking')
        .map((b) => b.signature);
      expect(gotSigs).toEqual(sigs);
    });
  }

  it('a real session with a compact boundary: the replay starts from its summary', async () => {
    const file = fixture(
      'claude-code',
      'marot-spotter',
      'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
    );
    const entries = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, any>);
    const boundary = entries.findIndex((e) => e.subtype === 'compact_boundary');
    const summary = entries.slice(boundary).find((e) => e.isCompactSummary === true)!;
    const { out } = await replayed([file]);
    const main = out.find((r) => r.session === summary.sessionId)!;
    const first = main.messages[0]!;
    const text =
      typeof summary.message.content === 'string'
        ? summary.message.content
        : summary.message.content[0].text;
    expect(first).toEqual({ role: 'user', content: text });
    const after = entries
      .slice(boundary)
      .filter((e) => e.type === 'assistant' && !e.isSidechain && Array.isArray(e.message?.content))
      .flatMap((e) => e.message.content as any[])
      .filter((b) => b.type === 'tool_use')
      .map((b) => b.id);
    const got = main.messages
      .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
      .filter((b) => b.type === 'tool_use')
      .map((b) => b.id);
    expect(got).toEqual(after);
  });

  it('groups replies, merges results, starts over at a compaction, skips sidechains', () => {
    const base = (line: number) =>
      ({ v: EVENT_VERSION, session: 's', origin: { format: 'x', source: 'f', line } }) as const;
    const events: Event[] = [
      { ...base(1), kind: 'user_message', text: 'q' },
      { ...base(2), kind: 'thinking', text: '', redacted: true, signature: 'blob' },
      { ...base(2), kind: 'tool_call', callId: 'a', name: 'A', input: {} },
      { ...base(2), kind: 'tool_call', callId: 'b', name: 'B', input: {} },
      { ...base(3), kind: 'tool_result', callId: 'a', output: 'ra' },
      { ...base(3), kind: 'tool_result', callId: 'b', output: 'rb', isError: true },
      { ...base(4), kind: 'assistant_message', text: 'side', sidechain: true },
      { ...base(5), kind: 'assistant_message', text: 'answer' },
      { ...base(6), kind: 'usage', tokens: {} },
      { ...base(7), kind: 'tool_call', callId: 'c', name: 'C', input: {} },
      { ...base(8), kind: 'tool_result', callId: 'c', output: 'rc' },
    ];
    const decoder: Decoder = { decode: (rec) => [events[rec.line - 1]!], end: () => [] };
    const r = eventsReplayer(decoder, 'x', 'f');
    events.forEach((_, i) => r.add({ raw: '', value: {}, line: i + 1, source: 'f' }));
    r.add({ raw: 'bad', line: 99, source: 'f', invalid: 'malformed' });
    const [out] = r.end();
    expect(out!.messages).toEqual([
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: 'blob' },
          { type: 'tool_use', id: 'a', name: 'A', input: {} },
          { type: 'tool_use', id: 'b', name: 'B', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'ra' },
          { type: 'tool_result', tool_use_id: 'b', content: 'rb', is_error: true },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'answer' },
          { type: 'tool_use', id: 'c', name: 'C', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: 'rc' }] },
    ]);
    const empty = eventsReplayer(
      { decode: () => [{ ...base(1), kind: 'usage', tokens: {} }], end: () => [] },
      'x',
      'f',
    );
    empty.add({ raw: '', value: {}, line: 1, source: 'f' });
    expect([...empty.end()]).toEqual([]); // no conversation: nothing written
    const c = eventsReplayer(
      {
        decode: (rec) => [events[rec.line - 1]!],
        end: () => [{ ...base(9), kind: 'compaction', summary: 'sum' }],
      },
      'x',
      'f',
    );
    c.add({ raw: '', value: {}, line: 1, source: 'f' });
    expect([...c.end()][0]!.messages).toEqual([{ role: 'user', content: 'sum' }]);
    // Claude Code: a compact boundary without summary, then the summary as a (meta) user entry
    const cc: Event[] = [
      { ...base(1), kind: 'user_message', text: 'old' },
      { ...base(2), kind: 'assistant_message', text: 'old answer' },
      { ...base(3), kind: 'compaction', trigger: 'auto' },
      { ...base(4), kind: 'user_message', text: 'This session is being continued…', role: 'meta' },
      { ...base(5), kind: 'assistant_message', text: 'new' },
    ];
    const k = eventsReplayer({ decode: (rec) => [cc[rec.line - 1]!], end: () => [] }, 'x', 'f');
    cc.forEach((_, i) => k.add({ raw: '', value: {}, line: i + 1, source: 'f' }));
    expect([...k.end()][0]!.messages).toEqual([
      { role: 'user', content: 'This session is being continued…' },
      { role: 'assistant', content: [{ type: 'text', text: 'new' }] },
    ]);
  });
});

describe('replay: options and the CLI', () => {
  it('validates options', () => {
    expect(() => replay({ from: 'nope' })).toThrow(/unknown format nope/);
    expect(() => replay({ holdLimit: 0 })).toThrow(/holdLimit/);
  });

  it('replays auto-swe model traffic through its reader: the messages its last request sent', async () => {
    const file = join(repoRoot, 'test', 'fixtures', 'auto-swe', 'anthropic.jsonl');
    const calls = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { request?: { messages: unknown[] } });
    const { out, rejections } = await replayed([file], 'auto-swe');
    expect(rejections).toEqual([]);
    expect(out).toHaveLength(1);
    // the second call's request holds the first exchange exactly as the provider saw it
    expect(out[0]!.messages.slice(0, 3)).toEqual(calls[1]!.request!.messages);
  });

  it('runs as a command: one JSON line per session, bad lines reported', () => {
    const r = spawnSync(
      process.execPath,
      [bin, 'replay', own('run_v2_damaged.jsonl'), own('run_v2_compaction.jsonl')],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      },
    );
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Replayed);
    expect(lines.map((l) => l.session)).toEqual(['run_damaged', 'run_compact']);
    expect(r.stderr).toMatch(/3 lines not written/);
  });
});
