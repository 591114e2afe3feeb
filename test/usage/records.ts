import { readFileSync } from 'node:fs';
import { Readable, type Transform } from 'node:stream';
import type { Rec } from '../../src/stream/rec.js';
import { collect } from '../helpers.js';

/** The records of files as the CLI's reader makes them (blank lines dropped). */
export function recsOf(files: readonly string[]): Rec[] {
  const out: Rec[] = [];
  for (const source of files) {
    readFileSync(source, 'utf8')
      .split('\n')
      .forEach((raw, i) => {
        if (raw.trim() !== '') out.push({ raw, value: JSON.parse(raw), line: i + 1, source });
      });
  }
  return out;
}

/** Records made from values (one source unless given). */
export function recsFrom(values: readonly unknown[], source = 'mem'): Rec[] {
  return values.map((value, i) => ({ raw: JSON.stringify(value), value, line: i + 1, source }));
}

/** Runs records through a stage and collects what comes out. */
export function through(stage: Transform, recs: readonly Rec[]): Promise<Rec[]> {
  return collect<Rec>(Readable.from(recs, { objectMode: true }).pipe(stage));
}

/** The top-level Claude Code usage of a record's value, if any. */
export function usageOf(rec: Rec): Record<string, number> | undefined {
  const v = rec.value as { type?: string; message?: { usage?: Record<string, number> } };
  return v?.type === 'assistant' ? v.message?.usage : undefined;
}

/** Sum of output tokens over records' top-level usage. */
export function outputSum(recs: readonly Rec[]): number {
  return recs.reduce((a, r) => a + (usageOf(r)?.output_tokens ?? 0), 0);
}

/** A Claude Code assistant entry. */
export function entry(
  id: string | undefined,
  output: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'assistant',
    timestamp: '2026-01-02T03:04:05.000Z',
    sessionId: 's1',
    ...extra,
    message: {
      ...(id ? { id } : {}),
      model: 'claude-sonnet-4-5',
      usage: { input_tokens: 10, output_tokens: output, cache_read_input_tokens: 100 },
    },
  };
}

/** A report row's four token kinds, in a fixed order: input, output, cache write, cache read. */
export const kinds = (x: {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}): number[] => [x.input, x.output, x.cacheWrite, x.cacheRead];
