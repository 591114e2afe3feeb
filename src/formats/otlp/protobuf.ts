import type { AnyValue, KeyValue, OtlpSpan, SpanLink, TracesData } from './otlp-json.js';

/**
 * OTLP/JSON `TracesData` -> protobuf bytes (the body of an OTLP/HTTP export: a `TracesData` and an
 * `ExportTraceServiceRequest` have the same fields and numbers). Field numbers from
 * opentelemetry-proto's trace.proto, common.proto and resource.proto; the tests decode the output
 * with the generated code of @opentelemetry/otlp-transformer. Only the fields txpipe writes.
 */
class Writer {
  readonly #parts: Buffer[] = [];
  #buf = Buffer.allocUnsafe(256);
  #pos = 0;

  #room(n: number): void {
    if (this.#pos + n <= this.#buf.length) return;
    this.#flush();
    if (n > this.#buf.length) this.#buf = Buffer.allocUnsafe(Math.max(n, 256));
  }

  #flush(): void {
    if (this.#pos === 0) return;
    this.#parts.push(Buffer.from(this.#buf.subarray(0, this.#pos)));
    this.#pos = 0;
  }

  varint(v: bigint | number): void {
    let n = BigInt.asUintN(64, BigInt(v));
    this.#room(10);
    while (n >= 0x80n) {
      this.#buf[this.#pos++] = Number(n & 0x7fn) | 0x80;
      n >>= 7n;
    }
    this.#buf[this.#pos++] = Number(n);
  }

  tag(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  bytes(field: number, b: Uint8Array): void {
    this.tag(field, 2);
    this.varint(b.length);
    this.#room(b.length);
    this.#buf.set(b, this.#pos);
    this.#pos += b.length;
  }

  string(field: number, s: string): void {
    this.bytes(field, Buffer.from(s, 'utf8'));
  }

  fixed64(field: number, v: bigint): void {
    this.tag(field, 1);
    this.#room(8);
    this.#buf.writeBigUInt64LE(BigInt.asUintN(64, v), this.#pos);
    this.#pos += 8;
  }

  double(field: number, v: number): void {
    this.tag(field, 1);
    this.#room(8);
    this.#buf.writeDoubleLE(v, this.#pos);
    this.#pos += 8;
  }

  /** A nested message, written by `body` into a writer of its own. */
  message(field: number, body: (w: Writer) => void): void {
    const inner = new Writer();
    body(inner);
    this.bytes(field, inner.finish());
  }

  finish(): Buffer {
    this.#flush();
    return Buffer.concat(this.#parts);
  }
}

function anyValue(w: Writer, v: AnyValue): void {
  if ('stringValue' in v) w.string(1, v.stringValue);
  else if ('boolValue' in v) {
    w.tag(2, 0);
    w.varint(v.boolValue ? 1 : 0);
  } else if ('intValue' in v) {
    w.tag(3, 0);
    w.varint(BigInt(v.intValue));
  } else if ('doubleValue' in v) w.double(4, v.doubleValue);
  else w.message(5, (a) => v.arrayValue.values.forEach((x) => a.message(1, (e) => anyValue(e, x))));
}

function keyValue(w: Writer, field: number, kv: KeyValue): void {
  w.message(field, (m) => {
    m.string(1, kv.key);
    m.message(2, (v) => anyValue(v, kv.value));
  });
}

const hex = (s: string): Buffer => Buffer.from(s, 'hex');

function link(w: Writer, l: SpanLink): void {
  w.bytes(1, hex(l.traceId));
  w.bytes(2, hex(l.spanId));
  for (const kv of l.attributes ?? []) keyValue(w, 4, kv);
}

function span(w: Writer, s: OtlpSpan): void {
  w.bytes(1, hex(s.traceId));
  w.bytes(2, hex(s.spanId));
  if (s.parentSpanId) w.bytes(4, hex(s.parentSpanId));
  w.string(5, s.name);
  if (s.kind !== 0) {
    w.tag(6, 0);
    w.varint(s.kind);
  }
  w.fixed64(7, BigInt(s.startTimeUnixNano));
  w.fixed64(8, BigInt(s.endTimeUnixNano));
  for (const kv of s.attributes) keyValue(w, 9, kv);
  for (const l of s.links ?? []) w.message(13, (m) => link(m, l));
  const st = s.status;
  if (st) {
    w.message(15, (m) => {
      if (st.message) m.string(2, st.message);
      if (st.code !== 0) {
        m.tag(3, 0);
        m.varint(st.code);
      }
    });
  }
}

/** A `TracesData` (or `ExportTraceServiceRequest`) as protobuf bytes. */
export function tracesToProtobuf(data: TracesData): Buffer {
  const w = new Writer();
  for (const rs of data.resourceSpans) {
    w.message(1, (r) => {
      r.message(1, (res) => rs.resource.attributes.forEach((kv) => keyValue(res, 1, kv)));
      for (const ss of rs.scopeSpans) {
        r.message(2, (m) => {
          m.message(1, (sc) => sc.string(1, ss.scope.name));
          for (const s of ss.spans) m.message(2, (sp) => span(sp, s));
        });
      }
    });
  }
  return w.finish();
}
