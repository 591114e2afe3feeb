import type { FacetKind, FormatAdapter, FormatFacets } from './adapter.js';
import { autoSwe } from './auto-swe/index.js';
import { awf } from './awf/index.js';
import { claudeCode } from './claude-code/index.js';
import { claudeStreamJson } from './claude-stream-json/index.js';
import { codex } from './codex/index.js';
import { flockdeck } from './flockdeck/index.js';
import { gemini } from './gemini/index.js';
import { otlp } from './otlp/index.js';
import { runRecord } from './run-record/index.js';
import { rupu } from './rupu/index.js';
import { txpipeEvents } from './txpipe/index.js';

const registered: FormatAdapter[] = [
  gemini,
  claudeCode,
  claudeStreamJson,
  codex,
  flockdeck,
  rupu,
  awf,
  autoSwe,
  runRecord,
  txpipeEvents,
  otlp,
];

/**
 * Every format txpipe knows, one line each, in detection order (the first adapter that claims a
 * value wins). The CLI, --help, docs and tests iterate this; `registerFormat` adds to it.
 */
export const formats: readonly FormatAdapter[] = registered;

const byId = new Map(registered.map((f) => [f.id, f]));
const ids = registered.map((f) => f.id);

/** Format ids, for messages and `--help`. */
export const formatIds: readonly string[] = ids;

const writable = registered.filter((f) => f.writable).map((f) => f.id);

/** The ids of the formats that can be written (`convert --to`). */
export const writableFormatIds: readonly string[] = writable;

/** The adapter for an id, or undefined. */
export function getFormat(id: string): FormatAdapter | undefined {
  return byId.get(id);
}

/** The facets loaded so far, per adapter and kind (`null`: the format has none of that kind). */
const loaded = new Map<FormatAdapter, Map<FacetKind, unknown>>();
const ALL_KINDS: readonly FacetKind[] = ['codec', 'redaction', 'clip', 'usage', 'replay'];

async function loadOne(f: FormatAdapter, kind: FacetKind): Promise<void> {
  let have = loaded.get(f);
  if (!have) loaded.set(f, (have = new Map()));
  if (have.has(kind)) return;
  const facet = kind === 'codec' ? await f.load() : await f.facets?.[kind]?.();
  have.set(kind, facet ?? null);
}

/**
 * Imports the facets of these kinds of every registered format, once. A command's module starts
 * loading the kinds it uses (its `ready`), awaited before its stages are built (by its
 * `CommandSpec.load()`), or by the stage itself before its first record (`facetsPending`);
 * `facetOf` then answers at once.
 */
export async function loadFacets(...kinds: FacetKind[]): Promise<void> {
  await Promise.all(registered.flatMap((f) => kinds.map((k) => loadOne(f, k))));
}

/**
 * Undefined when the facets of these kinds of every registered format are loaded (`facetOf`
 * answers now), else the promise of their loading: a stage built before then waits for it
 * before its first record (`recordTransformAfter`), so the package needs no top-level await.
 */
export function facetsPending(...kinds: FacetKind[]): Promise<void> | undefined {
  const all = registered.every((f) => kinds.every((k) => loaded.get(f)?.has(k) === true));
  return all ? undefined : loadFacets(...kinds);
}

/**
 * A format's facet of a kind: undefined for an unknown id or a format without one. The kind must
 * have been loaded (`loadFacets`); asking before is a bug in the caller and throws.
 */
export function facetOf<K extends FacetKind>(
  id: string | undefined,
  kind: K,
): FormatFacets[K] | undefined {
  const f = id === undefined ? undefined : byId.get(id);
  if (!f) return undefined;
  const facet = loaded.get(f)?.get(kind);
  if (facet === undefined) throw new Error(`txpipe: the ${kind} facets were not loaded`);
  return (facet ?? undefined) as FormatFacets[K] | undefined;
}

/**
 * Adds a format: after this, detection, `convert`, `redact`, `clip`, `usage` and `replay` know it
 * as they know the built-in ones. Its facets are loaded here (a registered format is meant to be
 * used), so the commands find them whenever they were loaded. Detection tries it after the
 * formats registered before it. Throws for an id already taken.
 */
export async function registerFormat(adapter: FormatAdapter): Promise<void> {
  if (byId.has(adapter.id)) throw new Error(`txpipe: format ${adapter.id} is already registered`);
  registered.push(adapter);
  byId.set(adapter.id, adapter);
  ids.push(adapter.id);
  if (adapter.writable) writable.push(adapter.id);
  await Promise.all(ALL_KINDS.map((k) => loadOne(adapter, k)));
}
