import type { FormatRedaction } from '../../redact/facet.js';
import { isObj, str } from './call.js';
import { isEmbedding } from './http-call.js';
import { isExportLine } from './record.js';

/**
 * Query parameters that carry a credential (the spec: "key, token, api_key, …"), compared in
 * lower case: API keys, tokens, signatures of signed URLs, passwords.
 */
const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set([
  'key',
  'api_key',
  'apikey',
  'api-key',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'auth',
  'auth_token',
  'authorization',
  'password',
  'passwd',
  'secret',
  'client_secret',
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
  'x-goog-api-key',
]);

/** Keys of an `http_call` that hold headers, which auto-swe never stores. */
const HEADER_KEYS: readonly string[] = ['headers', 'requestHeaders', 'responseHeaders'];

/** A path with its credential query parameters left out (the rest kept in order). */
export function stripCredentialParams(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const hash = path.indexOf('#', q);
  const query = path.slice(q + 1, hash < 0 ? undefined : hash);
  const kept = query.split('&').filter((pair) => {
    if (pair === '') return false;
    const eq = pair.indexOf('=');
    let name = eq < 0 ? pair : pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: the name is compared as written
    }
    return !CREDENTIAL_PARAMS.has(name.toLowerCase());
  });
  const rest = hash < 0 ? '' : path.slice(hash);
  const out = path.slice(0, q) + (kept.length > 0 ? `?${kept.join('&')}` : '') + rest;
  return out.length === path.length ? path : out;
}

/** A vector as the recorder writes it: `{omitted: "vector", dimensions}`; else undefined. */
function omitted(v: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) {
    return { omitted: 'vector', dimensions: v.length };
  }
  // `encoding_format: "base64"`: float32 values, four bytes each
  if (typeof v === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length > 0) {
    return { omitted: 'vector', dimensions: Math.floor((v.length * 3) / 4 / 4) };
  }
  return undefined;
}

/** `obj` with `key` set, or `obj` itself when `value` is undefined. */
const set = (obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> =>
  value === undefined ? obj : { ...obj, [key]: value };

/**
 * An embedding response with its vectors omitted: OpenAI (and compatible) `data[].embedding`,
 * Google `embedding.values` and `embeddings[].values`. The same reference when none was there.
 */
export function omitVectors(body: Record<string, unknown>): Record<string, unknown> {
  let out = body;
  if (Array.isArray(body.data)) {
    let changed = false;
    const data = body.data.map((d) => {
      if (!isObj(d)) return d;
      const o = omitted(d.embedding);
      if (!o) return d;
      changed = true;
      return { ...d, embedding: o };
    });
    if (changed) out = { ...out, data };
  }
  if (isObj(body.embedding)) {
    const o = omitted(body.embedding.values);
    if (o) out = { ...out, embedding: { ...body.embedding, values: o } };
  }
  if (Array.isArray(body.embeddings)) {
    let changed = false;
    const embeddings = body.embeddings.map((e) => {
      if (!isObj(e)) return e;
      const o = omitted(e.values);
      if (!o) return e;
      changed = true;
      return { ...e, values: o };
    });
    if (changed) out = { ...out, embeddings };
  }
  return out;
}

/** An embedding call's response body (JSON, or a string that parses as JSON) without vectors. */
function responseWithoutVectors(res: unknown): unknown {
  let body = res;
  if (typeof res === 'string') {
    try {
      body = JSON.parse(res);
    } catch {
      return undefined;
    }
  }
  if (!isObj(body)) return undefined;
  const out = omitVectors(body);
  return out === body ? undefined : out;
}

/** An `http_call` record as auto-swe's writer would have stored it. */
function rewriteCall(r: Record<string, unknown>): Record<string, unknown> {
  let out = r;
  for (const k of HEADER_KEYS) {
    if (k in out) {
      const { [k]: _dropped, ...rest } = out;
      out = rest;
    }
  }
  const path = str(r.path);
  if (path !== undefined) {
    const clean = stripCredentialParams(path);
    if (clean !== path) out = { ...out, path: clean };
  }
  if (isEmbedding(out)) out = set(out, 'response', responseWithoutVectors(out.response));
  return out;
}

/**
 * auto-swe records under `redact`: the rules auto-swe's own writer applies (the spec, "What is
 * recorded"), for records that did not get them (a proxy's capture, an older recorder): embedding
 * vectors become `{"omitted":"vector","dimensions":N}`, credential query parameters leave the
 * path, headers are dropped. Then the text rules and the PII scrub, as for every format.
 */
export const autoSweRedaction: FormatRedaction = {
  markers: [],
  withhold: (value) => value,
  // A line that spells the kind with an escape (`"http\u005fcall"`) is an http_call to JSON.parse
  // too: any `\u` escape sends the line to `rewrite`, which reads the parsed kind.
  rewriteMarkers: ['"http_call"', '\\u'],
  rewrite(value) {
    if (isExportLine(value)) {
      const r = value.record;
      if (!isObj(r) || r.kind !== 'http_call') return value;
      const next = rewriteCall(r);
      return next === r ? value : { ...value, record: next };
    }
    return value.kind === 'http_call' ? rewriteCall(value) : value;
  },
};
