import { RawJson } from '../adapter.js';
import type { LineGuard } from './guard.js';
import { FLOCKDECK_KEYS, ordered, type FlockdeckKey } from './line-keys.js';
import type { FlockTime } from './time.js';
import { goInt, goString, goValue } from './go-json.js';
import { cutId } from './derived.js';

/** Clip limits of the Flockdeck reference, section 4. */
export const MESSAGE_LIMIT = 32 * 1024;
export const FIELD_LIMIT = 8 * 1024;
const TRUNCATED_TEXT = 'the transcript reached its size cap of 16 MiB and ended here';

/** A line's own fields (from `type` on), before the envelope is put around them. */
export type Fields = Partial<Record<FlockdeckKey, unknown>>;

/** The stored entry's branch, directory and version that a line carries. */
export interface Env {
  readonly gitBranch?: string;
  readonly cwd?: string;
  readonly agentVersion?: string;
}

/** A line waiting to be written: its time, envelope facts and fields. */
export interface Draft {
  readonly time: FlockTime;
  readonly env: Env;
  readonly fields: Fields;
  /** `redacted`/`clipped` an earlier writer recorded (a Flockdeck transcript read back). */
  readonly carried?: Readonly<Record<string, unknown>>;
}

/** What is the same on every line of one transcript. */
export interface Identity {
  readonly name: string;
  readonly project?: string;
  readonly agent: string;
  readonly conversation: string;
}

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s !== '';
const isClipMap = (v: unknown): v is Record<string, number> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const merge = (a: unknown, b: unknown): object => ({
  ...((a as object) ?? {}),
  ...((b as object) ?? {}),
});

const USAGE_KEYS = [
  'inputTokens',
  'outputTokens',
  'cacheCreationInputTokens',
  'cacheReadInputTokens',
] as const;

/**
 * A line as Flockdeck's Go writer marshals it: its fields in struct order, `usage` in its struct
 * order with the counts the reply gives, `seq` and counts as Go ints, every other value (`input`, the
 * `clipped` map) as Go marshals a decoded value (keys sorted, HTML and U+2028/9 escaped).
 */
export function goLine(line: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const k of Object.keys(line)) {
    const v = line[k];
    let text: string;
    if (k === 'usage') {
      const u = v as Record<string, unknown>;
      const known = USAGE_KEYS.filter((n) => typeof u[n] === 'number');
      text = `{${known.map((n) => `"${n}":${goInt(u[n] as number)}`).join(',')}}`;
    } else if (typeof v === 'number' && k !== 'input') text = goInt(v);
    else if (typeof v === 'string') text = goString(v);
    else text = goValue(v);
    parts.push(`${goString(k)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * `ordered({ ...envelope, ...fields })` without the merged copy (a line's hot path): a field the
 * line has (even as undefined) wins over the envelope's.
 */
function orderedLine(envelope: Fields, fields: Fields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FLOCKDECK_KEYS) {
    const v = Object.hasOwn(fields, k) ? fields[k] : envelope[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The writing end of one transcript: guards (redacts and clips) string fields, numbers lines,
 * puts the envelope around them in Flockdeck's key order, and ends the transcript with
 * `recording_truncated` when the next line would pass the size cap. Lines are handed on as
 * `RawJson` (their text was made to measure them).
 */
export class LineOutput {
  #seq = 0;
  #bytes = 0;
  #truncated = false;
  /** `cwd` and `gitBranch` repeat on nearly every line: the last one's guarded form is kept. */
  readonly #envMemo = new Map<FlockdeckKey, { s: string; f: Fields }>();

  constructor(
    private readonly guard: LineGuard,
    private readonly maxBytes: number,
  ) {}

  get truncated(): boolean {
    return this.#truncated;
  }

  /** Starts a new transcript. */
  reset(): void {
    this.#seq = this.#bytes = 0;
    this.#truncated = false;
  }

  /** Redacts and clips one string field into `f`, noting `redacted` and `clipped`. */
  put(f: Fields, key: FlockdeckKey, s: string, limit: number): void {
    const g = this.guard.string(s, limit);
    f[key] = g.text;
    if (g.redacted) f.redacted = true;
    if (g.clippedFrom !== undefined) f.clipped = merge(f.clipped, { [key]: g.clippedFrom });
  }

  #putEnv(env: Fields, key: FlockdeckKey, s: string): void {
    let m = this.#envMemo.get(key);
    if (m?.s !== s) {
      const f: Fields = {};
      this.put(f, key, s, FIELD_LIMIT);
      m = { s, f };
      this.#envMemo.set(key, m);
    }
    env[key] = m.f[key];
    if (m.f.redacted) env.redacted = true;
    if (m.f.clipped) env.clipped = merge(env.clipped, m.f.clipped);
  }

  /** Writes one line (or, past the cap, `recording_truncated` and nothing after it). */
  write(d: Draft, id: Identity, out: unknown[]): void {
    if (this.#truncated) return;
    this.#seq++;
    // A copy by hand: V8 makes `{ ...d.fields }` slow once keys are added to it (below).
    const f: Fields = {};
    for (const k in d.fields) f[k as FlockdeckKey] = d.fields[k as FlockdeckKey];
    // Ids, names, versions and triggers are not clipped as text is: cut to 256 bytes.
    for (const k of ['tool', 'toolUseId', 'trigger'] as const) {
      if (typeof f[k] === 'string') f[k] = cutId(f[k] as string);
    }
    if (d.carried?.redacted === true) f.redacted = true;
    if (isClipMap(d.carried?.clipped)) f.clipped = merge(d.carried.clipped, f.clipped);
    const env: Fields = {};
    if (nonEmpty(d.env.gitBranch)) this.#putEnv(env, 'gitBranch', d.env.gitBranch);
    if (nonEmpty(d.env.cwd)) this.#putEnv(env, 'cwd', d.env.cwd);
    if (env.redacted) f.redacted = true;
    if (env.clipped) f.clipped = merge(env.clipped, f.clipped);
    const envelope: Fields = {
      v: 2,
      seq: this.#seq,
      time: d.time.text,
      session: id.name,
      project: id.project,
      agent: id.agent,
      conversation: cutId(id.conversation),
      gitBranch: env.gitBranch,
      cwd: env.cwd,
      agentVersion: nonEmpty(d.env.agentVersion) ? cutId(d.env.agentVersion) : undefined,
    };
    const line = orderedLine(envelope, f);
    const text = goLine(line);
    const size = Buffer.byteLength(text) + 1;
    if (this.#bytes + size <= this.maxBytes) {
      this.#bytes += size;
      out.push(new RawJson(text, line));
      return;
    }
    // The line that does not fit is not written; its seq, time and envelope end the transcript.
    this.#truncated = true;
    const t = ordered({
      ...envelope,
      type: 'recording_truncated',
      text: TRUNCATED_TEXT,
      redacted: env.redacted,
      clipped: env.clipped,
    });
    out.push(new RawJson(goLine(t), t));
  }
}
