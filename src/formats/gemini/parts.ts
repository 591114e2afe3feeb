import { isRecord } from '../adapter.js';

type Obj = Record<string, unknown>;

/** A `PartListUnion` (@google/genai) as a list of parts: a string is one text part. */
export function partsOf(content: unknown): readonly unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? { text: p } : p));
  return isRecord(content) ? [content] : [];
}

/** The text of the parts that are not thoughts, joined (as Gemini CLI shows a message). */
export function textOfParts(parts: readonly unknown[]): string {
  let out = '';
  for (const p of parts)
    if (isRecord(p) && typeof p.text === 'string' && p.thought !== true) out += p.text;
  return out;
}

/** The `functionResponse`s among the parts. */
export function functionResponses(parts: readonly unknown[]): Obj[] {
  const out: Obj[] = [];
  for (const p of parts)
    if (isRecord(p) && isRecord(p.functionResponse)) out.push(p.functionResponse);
  return out;
}

/** The images among the parts (`inlineData`), by media type. */
export function imagesOf(parts: readonly unknown[]): { mediaType?: string }[] {
  const out: { mediaType?: string }[] = [];
  for (const p of parts) {
    if (!isRecord(p) || !isRecord(p.inlineData)) continue;
    const type = p.inlineData.mimeType;
    out.push(typeof type === 'string' ? { mediaType: type } : {});
  }
  return out;
}

/**
 * A tool call's `result` as the model read it: the `output` (or `error`) of its function
 * responses and any text parts, joined; a string result as it is; else the value as written.
 */
export function toolOutput(result: unknown, display: unknown): unknown {
  if (result === null || result === undefined) return typeof display === 'string' ? display : '';
  if (typeof result === 'string') return result;
  const texts: string[] = [];
  for (const p of partsOf(result)) {
    if (!isRecord(p)) continue;
    if (typeof p.text === 'string') texts.push(p.text);
    const r = isRecord(p.functionResponse) ? p.functionResponse.response : undefined;
    if (!isRecord(r)) continue;
    if (typeof r.output === 'string') texts.push(r.output);
    else if (typeof r.error === 'string') texts.push(r.error);
  }
  return texts.length > 0 ? texts.join('\n') : result;
}
