import { describe, expect, it } from 'vitest';
import type { Event } from '../../../src/events/event.js';
import { RawJson } from '../../../src/formats/adapter.js';
import { flockdeckEncoder } from '../../../src/formats/flockdeck/encoder.js';
import { parseTime, stamp } from '../../../src/formats/flockdeck/time.js';

describe('flockdeck time', () => {
  it.each([
    ['2026-10-01T09:00:00.000Z', '2026-10-01T09:00:00Z'],
    ['2026-10-01T09:00:01.500Z', '2026-10-01T09:00:01.5Z'],
    ['2026-10-01T09:00:01.123456789Z', '2026-10-01T09:00:01.123456789Z'],
    ['2026-10-01T09:00:01.1234567891Z', '2026-10-01T09:00:01.123456789Z'],
    ['2026-10-01T11:00:00+02:00', '2026-10-01T09:00:00Z'],
    ['2026-10-01T08:30:00.25-00:30', '2026-10-01T09:00:00.25Z'],
    ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'],
    // Around the UTC shortcut (the stored date and time reused as written): the last instant of
    // a day, year 100, and years 0-99, which Date.UTC reads as 1900-1999.
    ['2026-10-01T23:59:59.999999999Z', '2026-10-01T23:59:59.999999999Z'],
    ['0100-01-01T00:00:00Z', '0100-01-01T00:00:00Z'],
    ['0050-06-01T00:00:00Z', '1950-06-01T00:00:00Z'],
  ])('%s is written %s', (stored, written) => {
    expect(parseTime(stored)?.text).toBe(written);
  });

  it.each([
    undefined,
    5,
    '',
    'yesterday',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-10-01 09:00',
    // Go's time.Parse takes the layout's `T` and `Z` as written: lower case is refused.
    '2026-10-01t09:00:00z',
    '2026-10-01T09:00:00z',
    '2026-10-01t09:00:00Z',
  ])('%s is not a usable time', (stored) => expect(parseTime(stored)).toBeUndefined());

  it('names a transcript by its start to the second', () => {
    expect(stamp(parseTime('2026-10-01T10:15:30.9Z')!)).toBe('20261001T101530Z');
  });
});

const base = {
  v: 1 as const,
  session: 'abcdef0123',
  origin: { format: 't', source: 's', line: 1 },
};
const prompt = (text: string, time?: string, extra: object = {}): Event => ({
  ...base,
  kind: 'user_message',
  text,
  role: 'prompt',
  ...(time ? { time } : {}),
  ...extra,
});

function write(events: Event[], options = {}): Record<string, unknown>[] {
  const enc = flockdeckEncoder(options);
  // Each event is an entry of its own (a line of the source), unless it names its line.
  const entries = events.map((e, i) =>
    e.origin.line === 1 ? { ...e, origin: { ...e.origin, line: i + 1 } } : e,
  );
  const out = [...entries.flatMap((e) => enc.encode(e)), ...enc.end()];
  // The writer hands its lines over already serialised (it measures them for the size cap).
  for (const v of out) {
    expect(v).toBeInstanceOf(RawJson);
    expect(JSON.parse((v as RawJson).text)).toEqual((v as RawJson).value);
  }
  return out.map((v) => (v as RawJson).value as Record<string, unknown>);
}

describe('flockdeck writer rules', () => {
  it('skips the first entry with no usable time, then clamps to the one before', () => {
    const lines = write([
      prompt('a'),
      prompt('b', '2026-10-01T09:00:05Z'),
      prompt('c', 'bad'),
      prompt('d', '2026-10-01T09:00:01Z'),
    ]);
    expect(lines.map((l) => [l.type, l.text, l.time])).toEqual([
      ['recording_started', 'start of the transcript', '2026-10-01T09:00:05Z'],
      ['user_prompt', 'b', '2026-10-01T09:00:05Z'],
      ['user_prompt', 'c', '2026-10-01T09:00:05Z'],
      ['user_prompt', 'd', '2026-10-01T09:00:05Z'],
      ['recording_stopped', 'end of the transcript', '2026-10-01T09:00:05Z'],
    ]);
    expect(lines[0]!.session).toBe('20261001T090005Z-abcdef01');
  });

  it('ends a transcript at the size cap with recording_truncated, keeping seq without a gap', () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      prompt(`prompt ${i} ${'x'.repeat(100)}`, '2026-10-01T09:00:00Z', { cwd: '/w/shop' }),
    );
    const cap = 2000;
    const lines = write(many, { maxBytes: cap });
    const last = lines.at(-1)!;
    expect(last.type).toBe('recording_truncated');
    expect(last.text).toBe('the transcript reached its size cap of 16 MiB and ended here');
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
    const written = lines
      .slice(0, -1)
      .reduce((n, l) => n + Buffer.byteLength(JSON.stringify(l)) + 1, 0);
    expect(written).toBeLessThanOrEqual(cap);
    expect(
      written + Buffer.byteLength(JSON.stringify({ ...lines.at(-2), seq: last.seq })) + 1,
    ).toBeGreaterThan(cap);
    expect(last.cwd).toBe('/w/shop');
  });

  it('writes one transcript per session and leaves sidechain events out', () => {
    const lines = write([
      prompt('a', '2026-10-01T09:00:00Z'),
      prompt('sub', '2026-10-01T09:00:01Z', { sidechain: true }),
      { ...prompt('b', '2026-10-02T09:00:00Z'), session: 'other-session' },
    ]);
    expect(lines.map((l) => [l.seq, l.type, l.conversation])).toEqual([
      [1, 'recording_started', 'abcdef0123'],
      [2, 'user_prompt', 'abcdef0123'],
      [3, 'recording_stopped', 'abcdef0123'],
      [1, 'recording_started', 'other-session'],
      [2, 'user_prompt', 'other-session'],
      [3, 'recording_stopped', 'other-session'],
    ]);
  });

  it('writes lines held for a project that never comes once the bound is passed', () => {
    const lines = write(
      [
        prompt('a', '2026-10-01T09:00:00Z'),
        prompt('b', '2026-10-01T09:00:00Z'),
        prompt('c', '2026-10-01T09:00:00Z', { cwd: '/x/late' }),
      ],
      { maxHeldLines: 1 },
    );
    expect(lines.map((l) => l.project)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const unbounded = write([
      prompt('a', '2026-10-01T09:00:00Z'),
      prompt('c', '2026-10-01T09:00:00Z', { cwd: '/x/late/' }),
    ]);
    expect(unbounded.map((l) => l.project)).toEqual(['late', 'late', 'late', 'late']);
  });

  it.each([{ maxBytes: 0 }, { maxHeldLines: -1 }, { maxCalls: 1.5 }])('rejects %o', (o) => {
    expect(() => flockdeckEncoder(o)).toThrow(/positive integer/);
  });
});

describe('flockdeck writer: redaction and clipping on every line (redact and clip modules)', () => {
  const t = '2026-10-01T09:00:00Z';
  const call = (name: string, input: unknown, id = 'c1'): Event => ({
    ...base,
    kind: 'tool_call',
    time: t,
    callId: id,
    name,
    input,
  });
  const result = (output: string, id = 'c1'): Event => ({
    ...base,
    kind: 'tool_result',
    time: t,
    callId: id,
    output,
    isError: false,
  });

  it('cuts a prompt at 32 KiB with the marker and records its length before cutting', () => {
    const text = 'é'.repeat(20_000); // 40,000 bytes
    const [, line] = write([prompt(text, t)]);
    expect(line!.clipped).toEqual({ text: 40_000 });
    expect(String(line!.text)).toMatch(/…\[clipped 7232 bytes\]$/);
    expect(line!.redacted).toBeUndefined();
  });

  it('cuts strings in a tool input at 8 KiB; clipped.input is the input as JSON', () => {
    const input = { command: 'x'.repeat(9000) };
    const lines = write([call('Bash', input)]);
    expect(lines[1]!.clipped).toEqual({ input: JSON.stringify(input).length });
    expect(String((lines[1]!.input as { command: string }).command)).toMatch(
      /…\[clipped 808 bytes\]$/,
    );
  });

  it('withholds a secret file: the call keeps its path, its other strings and its result are withheld', () => {
    const lines = write([
      call('Write', { file_path: '/w/.env', content: 'API_KEY=abc' }),
      result('wrote /w/.env'),
    ]);
    expect(lines[1]).toMatchObject({
      input: { file_path: '/w/.env', content: '[withheld: a secret file]' },
      redacted: true,
    });
    expect(lines[2]).toMatchObject({ output: '[withheld: a secret file]', redacted: true });
  });

  it('redacts secrets in text, input values under secret names, cwd and branch', () => {
    const lines = write([
      prompt('token ghp_' + 'a'.repeat(36), t, { cwd: '/w/p', gitBranch: 'password=hunter2' }),
      call('Bash', { command: 'ls', api_key: 'abc123secret' }, 'c2'),
      result('Authorization: Bearer abcdef123456', 'c2'),
    ]);
    expect(lines[1]).toMatchObject({
      text: 'token [redacted]',
      gitBranch: 'password=[redacted]',
      redacted: true,
    });
    expect(lines[2]).toMatchObject({
      input: { command: 'ls', api_key: '[redacted]' },
      redacted: true,
    });
    expect(lines[3]).toMatchObject({ output: 'Authorization: Bearer [redacted]', redacted: true });
  });

  it('passGuard writes what it is given (for input redacted and clipped before)', async () => {
    const { passGuard } = await import('../../../src/formats/flockdeck/guard.js');
    const [, line] = write([prompt('password=hunter2', t)], { guard: passGuard });
    expect(line!.text).toBe('password=hunter2');
  });
});

describe('flockdeck writer: usage', () => {
  it("puts a reply's usage on its first line only, and never a run's total", () => {
    const t = '2026-10-01T09:00:00Z';
    const say = (text: string, messageId: string): Event => ({
      ...base,
      kind: 'assistant_message',
      time: t,
      text,
      messageId,
    });
    const usage = (messageId: string, output: number, purpose?: string): Event => ({
      ...base,
      kind: 'usage',
      messageId,
      tokens: { output },
      stopReason: 'end_turn',
      ...(purpose ? { purpose } : {}),
    });
    const lines = write([
      say('a', 'm1'),
      say('b', 'm1'),
      usage('m1', 9),
      say('c', 'm2'),
      usage('m2', 4, 'session'),
    ]);
    expect(lines.map((l) => [l.text, l.usage, l.stopReason])).toEqual([
      ['start of the transcript', undefined, undefined],
      // Only the counts the reply gives (the spec: a missing key is unknown, never 0).
      ['a', { outputTokens: 9 }, 'end_turn'],
      ['b', undefined, undefined],
      ['c', undefined, undefined],
      ['end of the transcript', undefined, undefined],
    ]);
  });
});
