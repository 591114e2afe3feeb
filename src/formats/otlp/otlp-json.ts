/**
 * The OTLP/JSON shapes txpipe writes (opentelemetry-proto's `TracesData`, in the JSON mapping of
 * the OTLP specification: field names in lowerCamelCase, trace and span ids as hex, 64-bit
 * integers as decimal strings, enums as numbers). One `TracesData` is one line of the file.
 */

/** `opentelemetry.proto.common.v1.AnyValue`: one of these keys. */
export type AnyValue =
  | { readonly stringValue: string }
  | { readonly boolValue: boolean }
  | { readonly intValue: string }
  | { readonly doubleValue: number }
  | { readonly arrayValue: { readonly values: readonly AnyValue[] } };

export interface KeyValue {
  readonly key: string;
  readonly value: AnyValue;
}

/** `Span.SpanKind`. */
export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

/** `Status.StatusCode`. */
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

export interface SpanStatus {
  readonly code: number;
  readonly message?: string;
}

export interface SpanLink {
  readonly traceId: string;
  readonly spanId: string;
  readonly attributes?: readonly KeyValue[];
}

export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: readonly KeyValue[];
  readonly links?: readonly SpanLink[];
  readonly status?: SpanStatus;
}

export interface TracesData {
  readonly resourceSpans: readonly {
    readonly resource: { readonly attributes: readonly KeyValue[] };
    readonly scopeSpans: readonly {
      readonly scope: { readonly name: string };
      readonly spans: readonly OtlpSpan[];
    }[];
  }[];
}

/** A JavaScript value as an attribute value: integers as `intValue`, others as they are. */
export function anyValue(v: string | number | boolean | readonly string[]): AnyValue {
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') {
    return Number.isSafeInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  }
  return { arrayValue: { values: v.map((s) => ({ stringValue: s })) } };
}

/** Attributes from an object, in its key order; undefined values left out. */
export function keyValues(
  attrs: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>,
): KeyValue[] {
  const out: KeyValue[] = [];
  for (const [key, v] of Object.entries(attrs))
    if (v !== undefined) out.push({ key, value: anyValue(v) });
  return out;
}
