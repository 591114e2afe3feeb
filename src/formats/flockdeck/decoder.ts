import { EVENT_VERSION, type Event, type TokenCounts } from '../../events/event.js';
import { TxpipeError } from '../../stream/errors.js';
import type { Rec } from '../../stream/rec.js';
import { isRecord, type Decoder } from '../adapter.js';

const FORMAT = 'flockdeck';
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined);

function tokens(u: unknown): TokenCounts | undefined {
  if (!isRecord(u)) return undefined;
  const t: Record<string, number> = {};
  const map: [string, string][] = [
    ['inputTokens', 'input'],
    ['outputTokens', 'output'],
    ['cacheCreationInputTokens', 'cacheWrite'],
    ['cacheReadInputTokens', 'cacheRead'],
  ];
  for (const [from, to] of map) if (int(u[from]) !== undefined) t[to] = u[from] as number;
  return Object.keys(t).length > 0 ? t : undefined;
}

/**
 * Flockdeck v2 lines -> events (docs/formats/flockdeck.md). A line whose `v` is not 2 is refused
 * with an error naming it, as the reference requires; a line type it does not know is kept as an
 * `unknown` event (the reference says to skip it; a writer of another format can keep it).
 */
export function flockdeckDecoder(options: { source?: string } = {}): Decoder {
  const source = options.source ?? '-';
  return {
    decode(rec: Rec): readonly Event[] {
      if (rec.invalid || !isRecord(rec.value)) return [];
      const l = rec.value;
      if (l.v !== 2) {
        throw new TxpipeError(
          'ERR_TXPIPE_FORMAT',
          `a Flockdeck transcript of format version ${JSON.stringify(l.v)}: only version 2 can be read`,
          { source, line: rec.line },
        );
      }
      const b: Record<string, unknown> = {
        v: EVENT_VERSION,
        session: str(l.conversation) ?? '-',
        origin: { format: FORMAT, source, line: rec.line },
      };
      if (str(l.time)) b.time = l.time;
      for (const k of ['model', 'cwd', 'gitBranch', 'agentVersion']) if (str(l[k])) b[k] = l[k];
      const meta: Record<string, unknown> = {};
      if (l.redacted === true) meta.redacted = true;
      if (isRecord(l.clipped)) meta.clipped = l.clipped;
      if (Object.keys(meta).length > 0) b.meta = meta;
      const base = b as unknown as Omit<Event, 'kind'>;
      const stop = str(l.stopReason) ? { stopReason: l.stopReason as string } : {};
      const usage = (): Event[] => {
        const t = tokens(l.usage);
        return t ? [{ ...base, kind: 'usage', tokens: t } as Event] : [];
      };
      switch (l.type) {
        case 'recording_started':
          return [
            {
              ...base,
              kind: 'session_start',
              agent: str(l.agent),
              ...(str(l.project) ? { project: l.project as string } : {}),
              meta: { ...meta, transcript: l.session },
            } as Event,
          ];
        case 'recording_stopped':
          return [{ ...base, kind: 'session_end', status: 'ok' } as Event];
        case 'recording_truncated':
          return [
            { ...base, kind: 'session_end', status: 'truncated', text: str(l.text) } as Event,
          ];
        case 'user_prompt':
          return [
            { ...base, kind: 'user_message', text: String(l.text ?? ''), role: 'prompt' } as Event,
          ];
        case 'assistant_message':
          return [
            { ...base, kind: 'assistant_message', text: String(l.text ?? ''), ...stop } as Event,
            ...usage(),
          ];
        case 'tool_call':
          return [
            {
              ...base,
              kind: 'tool_call',
              ...(str(l.toolUseId) ? { callId: l.toolUseId } : {}),
              name: String(l.tool ?? ''),
              input: l.input,
              ...stop,
            } as Event,
            ...usage(),
          ];
        case 'tool_result':
          return [
            {
              ...base,
              kind: 'tool_result',
              ...(str(l.toolUseId) ? { callId: l.toolUseId } : {}),
              ...(str(l.tool) ? { name: l.tool } : {}),
              output: typeof l.output === 'string' ? l.output : '',
              isError: l.isError === true,
              interrupted: l.interrupted === true,
            } as Event,
          ];
        case 'conversation_title':
          return [{ ...base, kind: 'title', title: String(l.title ?? '') } as Event];
        case 'conversation_compacted':
          return [
            {
              ...base,
              kind: 'compaction',
              ...(str(l.trigger) ? { trigger: l.trigger } : {}),
              ...(int(l.tokensBefore) !== undefined ? { tokensBefore: l.tokensBefore } : {}),
              ...(int(l.tokensAfter) !== undefined ? { tokensAfter: l.tokensAfter } : {}),
            } as Event,
          ];
        default:
          return [{ ...base, kind: 'unknown', record: l } as Event];
      }
    },
    end: () => [],
  };
}
