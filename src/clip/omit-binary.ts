import { checkDepth } from '../stream/depth.js';

/** What replaces base64 image data. */
export interface OmittedImage {
  readonly omitted: 'image';
  /** The length of the base64 text that was removed, in bytes. */
  readonly bytes: number;
}

/** What replaces an embedding vector (as auto-swe's recorder does). */
export interface OmittedVector {
  readonly omitted: 'vector';
  readonly dimensions: number;
}

const DATA_URL = /^data:image\/[-+.\w]+;base64,/;

function isVector(v: unknown): v is number[] {
  if (!Array.isArray(v) || v.length === 0) return false;
  for (const x of v) if (typeof x !== 'number') return false;
  return true;
}

const image = (data: string): OmittedImage => ({ omitted: 'image', bytes: data.length });
const vector = (v: readonly number[]): OmittedVector => ({
  omitted: 'vector',
  dimensions: v.length,
});

/**
 * The replacement for the field `key` of `parent` (whose own key in its parent is `parentKey`),
 * or undefined to keep it. Base64 image data: an Anthropic `{type: "base64", media_type:
 * "image/…", data}` source, a Google `inlineData`/`inline_data` part with an image MIME type, or
 * Claude Code's `file: {base64, type: "image/…"}` (a tool result's copy), or any
 * `data:image/…;base64,` URL. Vectors: an all-number `embedding` array (OpenAI
 * `data[].embedding`), the `values` of a Google `embedding` or of an item of `embeddings`.
 */
function replacement(
  parent: Record<string, unknown>,
  parentKey: string | number | undefined,
  key: string,
  v: unknown,
  grandKey: string | number | undefined,
): unknown {
  if (typeof v === 'string') {
    if (key === 'data' && v.length > 0) {
      if (parent.type === 'base64' && /^image\//.test(String(parent.media_type))) return image(v);
      const mime = parent.mimeType ?? parent.mime_type;
      const inline = parentKey === 'inlineData' || parentKey === 'inline_data';
      if (inline && /^image\//.test(String(mime))) return image(v);
    }
    // Claude Code's own copy of an image a tool read: `toolUseResult.file.base64`.
    if (key === 'base64' && parentKey === 'file' && /^image\//.test(String(parent.type))) {
      return image(v);
    }
    if (v.startsWith('data:image/') && DATA_URL.test(v)) return image(v);
    return undefined;
  }
  if (key === 'embedding' && isVector(v)) return vector(v);
  if (key === 'values' && isVector(v)) {
    const inList = typeof parentKey === 'number' && grandKey === 'embeddings';
    if (parentKey === 'embedding' || inList) return vector(v);
  }
  return undefined;
}

/**
 * Replaces base64 image data and embedding vectors with a small description
 * (`{"omitted":"image","bytes":N}`, `{"omitted":"vector","dimensions":N}`). Copy on write: the
 * same value comes back when there was nothing to omit. Throws `TooDeepError` past `MAX_DEPTH`.
 */
export function omitBinary(
  value: unknown,
  key?: string | number,
  parentKey?: string | number,
  depth = 1,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  checkDepth(depth);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = omitBinary(value[i], i, key, depth + 1);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [k, child] of Object.entries(obj)) {
    const v = replacement(obj, key, k, child, parentKey) ?? omitBinary(child, k, key, depth + 1);
    if (v !== child) (out ??= { ...obj })[k] = v;
  }
  return out ?? value;
}

/** Cheap text test: can a line with this text hold anything {@link omitBinary} replaces? */
export function mayHoldBinary(raw: string): boolean {
  return (
    raw.includes('base64') ||
    raw.includes('mbedding') ||
    raw.includes('nlineData') ||
    raw.includes('nline_data')
  );
}
