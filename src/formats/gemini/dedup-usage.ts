import { withValue, type Rec } from '../../stream/rec.js';
import type { DedupReader, DedupReaderOptions } from '../../usage/usage-dedup.js';
import { SeenKeys } from '../../usage/seen-keys.js';
import { isRecord } from '../adapter.js';
import { geminiRecordKind, messagesOf } from './record-kind.js';
import { geminiTokensOf } from './tokens.js';

type Obj = Record<string, unknown>;

const withTokens = (m: unknown): m is Obj =>
  isRecord(m) && m.type === 'gemini' && typeof m.id === 'string' && !!geminiTokensOf(m.tokens);

/** The output count a keep-policy compares. */
const outputOf = (m: Obj): number => {
  const t = geminiTokensOf(m.tokens)!;
  return t.output + t.thoughts;
};

/**
 * `dedup-usage` for Gemini CLI sessions: each reply's `tokens` are kept on one record and set to
 * `null` (as Gemini CLI writes a reply whose counts have not come yet) on its other copies. Gemini
 * writes a reply again as it gains its counts and tool calls, with only `$set` metadata updates
 * between the copies: the copy the keep-policy picks keeps them (`last`, the default: the copy
 * Gemini itself reads), so a reply is held, with the `$set` lines after it (at most
 * `maxHeldRecords` records), until a line that is not one of them. A reply already written with
 * its tokens loses them on a later copy (a checkpoint's `$set.messages`, a migrated legacy
 * session).
 */
export function geminiDedup(options: DedupReaderOptions): DedupReader {
  const seen = new SeenKeys(options.maxSeenKeys);
  /** The reply held (first) and the metadata updates read after it. */
  let held: Rec[] = [];
  let heldId: string | undefined;

  const strip = (rec: Rec, v: Obj): Rec => withValue(rec, { ...v, tokens: null });
  const release = (): Rec[] => {
    if (heldId === undefined) return [];
    const out = held;
    seen.add(heldId);
    held = [];
    heldId = undefined;
    return out;
  };
  /** A metadata line or `$set` whose `messages` hold replies written before: those lose tokens. */
  const copies = (rec: Rec, v: Obj, kind: 'metadata' | 'set'): Rec => {
    const messages = messagesOf(v, kind);
    if (!messages) return rec;
    let changed = false;
    const next = messages.map((m) => {
      if (!withTokens(m)) return m;
      if (!seen.has(m.id as string)) {
        seen.add(m.id as string);
        return m;
      }
      changed = true;
      return { ...m, tokens: null };
    });
    if (!changed) return rec;
    if (kind === 'metadata') return withValue(rec, { ...v, messages: next });
    return withValue(rec, { ...v, $set: { ...(v.$set as Obj), messages: next } });
  };
  const reply = (rec: Rec, v: Obj): Rec[] => {
    const id = v.id as string;
    if (heldId === id) {
      const kept = held[0]!;
      const keptValue = kept.value as Obj;
      if (options.replace(outputOf(keptValue), outputOf(v))) {
        const out = [strip(kept, keptValue), ...held.slice(1)];
        held = [rec];
        return out;
      }
      return [...release(), strip(rec, v)];
    }
    const out = release();
    if (seen.has(id)) return [...out, strip(rec, v)];
    held = [rec];
    heldId = id;
    return out;
  };

  return {
    take(rec) {
      const v = rec.value;
      const kind = geminiRecordKind(v);
      if (kind === undefined || !isRecord(v)) return [...release(), rec];
      if (kind === 'message' && withTokens(v)) return reply(rec, v);
      if (kind === 'set' && heldId !== undefined && !messagesOf(v, kind)) {
        held.push(rec);
        return held.length >= options.maxHeldRecords ? release() : [];
      }
      if (kind === 'metadata' || kind === 'set') return [...release(), copies(rec, v, kind)];
      return [...release(), rec];
    },
    end: release,
  };
}
