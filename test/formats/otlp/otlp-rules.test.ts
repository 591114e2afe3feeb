import { describe, expect, it } from 'vitest';
import { finishReason } from '../../../src/formats/otlp/finish-reasons.js';
import { providerOf } from '../../../src/formats/otlp/providers.js';
import { spanIdOf, traceIdOf } from '../../../src/formats/otlp/span-ids.js';
import { unixNanos } from '../../../src/formats/otlp/unix-nanos.js';

describe('the provider of a call (gen_ai.provider.name, llm.system)', () => {
  it.each<[string | undefined, string | undefined, string | undefined, string | undefined]>([
    // model, agent, auto-swe wire format -> gen_ai.provider.name
    ['claude-opus-4-1-20250805', undefined, undefined, 'anthropic'],
    ['anthropic/claude-sonnet-4-5', undefined, undefined, 'anthropic'],
    ['gpt-5-codex', undefined, undefined, 'openai'],
    ['o4-mini', undefined, undefined, 'openai'],
    ['gemini-2.5-pro', undefined, undefined, 'gcp.gemini'],
    ['models/gemini-2.5-flash', undefined, undefined, 'gcp.gemini'],
    ['deepseek-chat', undefined, undefined, 'deepseek'],
    ['my-finetune', 'codex', undefined, 'openai'],
    ['my-finetune', undefined, 'google', 'gcp.gemini'],
    ['claude-x', undefined, 'openai-chat', 'openai'], // the wire format says who answered
    ['<synthetic>', 'claude-code', undefined, 'anthropic'],
    ['my-finetune', 'some-agent', undefined, undefined],
    [undefined, undefined, undefined, undefined],
  ])('%s (agent %s, wire %s) -> %s', (model, agent, wire, expected) => {
    expect(providerOf(model, agent, wire)?.genAi).toBe(expected);
  });
});

describe('finish reasons in output messages (GenAI FinishReason)', () => {
  it.each([
    ['end_turn', 'stop'],
    ['tool_use', 'tool_call'],
    ['max_tokens', 'length'],
    ['tool_calls', 'tool_call'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['something_new', 'something_new'],
  ])('%s -> %s', (given, expected) => expect(finishReason(given)).toBe(expected));
});

describe('times as Unix nanoseconds', () => {
  it.each<[string | undefined, string | undefined]>([
    ['2026-03-01T10:00:00Z', '1772359200000000000'],
    ['2026-03-01T10:00:00.5Z', '1772359200500000000'],
    ['2026-03-01T10:00:00,5Z', '1772359200500000000'],
    ['2026-03-01T10:00:00.123456789Z', '1772359200123456789'],
    ['2026-03-01T10:00:00.1234567891Z', '1772359200123456789'],
    ['2026-03-01T12:00:00+02:00', '1772359200000000000'],
    ['2026-03-01T12:00:00+0200', '1772359200000000000'],
    ['2026-03-01 10:00:00z', '1772359200000000000'],
    ['2026-03-01T10:00:00', undefined], // no zone: not guessed
    ['yesterday', undefined],
    [undefined, undefined],
  ])('%s -> %s', (time, ns) => expect(unixNanos(time)?.toString()).toBe(ns));
});

describe('ids', () => {
  it('are hex of OTLP lengths, stable, and differ with any part', () => {
    expect(traceIdOf('s')).toMatch(/^[0-9a-f]{32}$/);
    expect(spanIdOf('s', 'chat', 'm')).toMatch(/^[0-9a-f]{16}$/);
    expect(traceIdOf('s')).toBe(traceIdOf('s'));
    const ids = [
      spanIdOf('s', 'chat', 'm'),
      spanIdOf('s', 'tool', 'm'),
      spanIdOf('t', 'chat', 'm'),
      spanIdOf('s', 'chat', 'n'),
      spanIdOf('s', 'chatm', ''),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
