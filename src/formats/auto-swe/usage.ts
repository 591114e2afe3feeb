import { basename } from 'node:path';
import { claudeEntry } from '../claude-code/usage.js';
import { isObj, NONE, str, type UsageEntry, type UsageExtractor } from '../../usage/extractor.js';
import { autoSweDedup } from './dedup-usage.js';
import { deltaBody, DeltaRanges } from './delta-ranges.js';
import { readHttpCall } from './http-call.js';
import { unwrapRecord } from './record.js';

/** auto-swe keys session-file usage by message id alone (the last report per message id). */
const byMessageId = (m: Readonly<Record<string, unknown>>): string | undefined => str(m.id);

/** A source's name as a session, as the reader names it (`decoder.ts`). */
const sourceSession = (source: string): string =>
  source === '-'
    ? 'auto-swe'
    : basename(source).replace(/(\.(jsonl|ndjson|json))?(\.gz)?$/, '') || 'auto-swe';

/**
 * auto-swe transcripts (docs/formats/auto-swe.md, Usage):
 * - `http_call`: a chat call's reply usage, read by its provider's rule (Anthropic's input
 *   excludes cache reads and writes; OpenAI's `prompt_tokens`/`input_tokens` and Google's
 *   `promptTokenCount` include the cached tokens, which are taken out of input and counted as
 *   cache reads). Each call is one reply, counted once. Embedding calls, error replies and
 *   bodies of no known shape give none.
 * - `harness_session_file`: what a Claude Code turn added to its session file (`lines`, each
 *   parsed): the usage of the assistant lines, the last report per message id, sidechain lines
 *   included (the spec's Normalized view). Deltas of one session continue each other, so a reply
 *   cut across two deltas is one key. The fields may sit on the record or under `data`.
 * Records may be platform export lines (`{transcript, record}`): the session is then the
 * transcript's id (for http calls).
 */
/** What `usage` reports for a stream with no `eof` line (as `convert` does). */
const INCOMPLETE = 'incomplete: the stream has no eof line (cut off, or not read to its end)';

export const autoSweUsage: UsageExtractor = {
  format: 'auto-swe',
  // A body streamed as SSE text holds its keys escaped (`\"usage\"`). The lines that end a
  // stream (`"kind":"eof"`, `integrity_error`) are read too, to report a stream cut off.
  needles: ['usage"', 'usage\\"', 'usageMetadata"', 'usageMetadata\\"', '"eof"', 'integrity_error'],
  dedupReader: autoSweDedup,
  reader(source) {
    const fallback = sourceSession(source);
    // How the stream ended so far: its last record an `eof` or `integrity_error` line, or not.
    let ended: string | undefined = INCOMPLETE;
    const ranges = new DeltaRanges();
    const read = (value: unknown): readonly UsageEntry[] => {
      const { transcript, record: v } = unwrapRecord(value);
      if (!isObj(v)) return NONE;
      ended =
        v.kind === 'eof'
          ? undefined
          : v.kind === 'integrity_error'
            ? `integrity_error: ${str(v.reason) ?? 'no reason given'}`
            : INCOMPLETE;
      if (v.kind === 'http_call') {
        const read = readHttpCall(v);
        if (read.kind !== 'chat' || read.call.tokens === undefined) return NONE;
        const t = read.call.tokens;
        return [
          {
            session: str(transcript?.id) ?? fallback,
            model: read.call.model ?? 'unknown',
            ...(str(v.at) !== undefined ? { time: v.at as string } : {}),
            tokens: {
              input: t.input ?? 0,
              output: t.output ?? 0,
              cacheWrite: t.cacheWrite ?? 0,
              cacheRead: t.cacheRead ?? 0,
              cacheWrite1h: read.call.cacheWrite1h ?? 0,
            },
          },
        ];
      }
      if (v.kind !== 'harness_session_file') return NONE;
      const body = deltaBody(v);
      // a delta given again: its replies were counted (and the one it ends with may go on in
      // the next delta, which must not find it closed)
      if (ranges.repeated(body) || !Array.isArray(body.lines)) return NONE;
      const session = str(body.sessionId);
      const out: UsageEntry[] = [];
      for (const line of body.lines) {
        const e = claudeEntry(line, session, byMessageId);
        if (e) out.push(e.key === undefined ? e : { ...e, key: `${e.session}/${e.key}` });
      }
      return out;
    };
    return Object.assign(read, { end: () => ended });
  },
};
