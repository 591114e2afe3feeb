/** What an OTLP endpoint says it did not take of an export it accepted (`partial_success`). */
export interface PartialSuccess {
  readonly rejectedSpans: number;
  readonly errorMessage: string;
}

/** A protobuf varint at `pos`: its value and the position after it. */
function varint(b: Uint8Array, pos: number): [bigint, number] {
  let v = 0n;
  for (let shift = 0n; pos < b.length; shift += 7n) {
    const byte = b[pos++]!;
    v |= BigInt(byte & 0x7f) << shift;
    if (byte < 0x80) return [v, pos];
  }
  throw new Error('truncated varint');
}

/** The fields of one message: number -> varint value or bytes (later ones win). */
function fields(b: Uint8Array): Map<number, bigint | Uint8Array> {
  const out = new Map<number, bigint | Uint8Array>();
  let pos = 0;
  while (pos < b.length) {
    const [tag, at] = varint(b, pos);
    const field = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    pos = at;
    if (wire === 0) {
      const [v, next] = varint(b, pos);
      out.set(field, v);
      pos = next;
    } else if (wire === 2) {
      const [len, next] = varint(b, pos);
      const end = next + Number(len);
      if (end > b.length) throw new Error('truncated field');
      out.set(field, b.subarray(next, end));
      pos = end;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

/**
 * The `partial_success` of an OTLP/HTTP answer (`ExportTraceServiceResponse`: field 1, holding
 * `rejected_spans` = 1 and `error_message` = 2), protobuf or JSON as its content type says;
 * undefined when the answer has none, or says nothing was rejected and gives no message.
 */
export function partialSuccessOf(
  body: Uint8Array,
  contentType: string | null,
): PartialSuccess | undefined {
  if (body.length === 0) return undefined;
  try {
    if (contentType?.includes('json')) {
      const v = JSON.parse(Buffer.from(body).toString('utf8')) as {
        partialSuccess?: { rejectedSpans?: string | number; errorMessage?: string };
      };
      const p = v.partialSuccess;
      return found(Number(p?.rejectedSpans ?? 0), p?.errorMessage ?? '');
    }
    const outer = fields(body).get(1);
    if (!(outer instanceof Uint8Array)) return undefined;
    const inner = fields(outer);
    const rejected = inner.get(1);
    const message = inner.get(2);
    return found(
      typeof rejected === 'bigint' ? Number(rejected) : 0,
      message instanceof Uint8Array ? Buffer.from(message).toString('utf8') : '',
    );
  } catch {
    return undefined; // not an ExportTraceServiceResponse: an accepted export all the same
  }
}

function found(rejectedSpans: number, errorMessage: string): PartialSuccess | undefined {
  return rejectedSpans > 0 || errorMessage !== '' ? { rejectedSpans, errorMessage } : undefined;
}
