import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The official OTLP protobuf definitions: the code @opentelemetry/otlp-transformer generates with
 * protobufjs from opentelemetry-proto (a devDependency pinned to a version that ships it). The
 * tests decode what txpipe writes with it, JSON (OTLP's JSON mapping) and protobuf alike.
 */
interface ProtoType {
  decode(bytes: Uint8Array): object;
  encode(message: object): { finish(): Uint8Array };
  create(value: unknown): object;
  fromObject(value: unknown): object;
  toObject(message: object, options: Record<string, unknown>): Record<string, unknown>;
  verify(value: unknown): string | null;
}

const require = createRequire(import.meta.url);
const root = require(
  join(dirname(require.resolve('@opentelemetry/otlp-transformer')), 'generated', 'root.js'),
) as {
  opentelemetry: {
    proto: {
      collector: {
        trace: {
          v1: { ExportTraceServiceRequest: ProtoType; ExportTraceServiceResponse: ProtoType };
        };
      };
      trace: { v1: { TracesData: ProtoType } };
    };
  };
};

export const TracesData = root.opentelemetry.proto.trace.v1.TracesData;
export const ExportTraceServiceRequest =
  root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);

export const ExportTraceServiceResponse =
  root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

/** Walks a value, replacing the trace and span ids by what `f` makes of them. */
function mapIds(v: unknown, f: (id: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => mapIds(x, f));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = ID_KEYS.has(k) ? f(x) : mapIds(x, f);
  return out;
}

/** Empty arrays and objects left out (protobuf cannot tell them from absent). */
function pruned(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruned);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const p = pruned(x);
    if (Array.isArray(p) && p.length === 0) continue;
    if (p !== null && typeof p === 'object' && !Array.isArray(p) && Object.keys(p).length === 0) {
      continue;
    }
    out[k] = p;
  }
  return out;
}

/** A decoded message in OTLP/JSON's shape: ids as hex, 64-bit integers as strings, enums as numbers. */
export function asOtlpJson(type: ProtoType, message: object): unknown {
  const obj = type.toObject(message, { longs: String, enums: Number, bytes: Array });
  return pruned(mapIds(obj, (id) => Buffer.from(id as number[]).toString('hex')));
}

/**
 * One line of OTLP/JSON read with the official definitions: ids from hex (OTLP's JSON mapping
 * writes them as hex, not base64), checked by `verify`, built by `fromObject`. Returns the message
 * in OTLP/JSON's shape again; a line with a field the definitions do not have, or of a wrong
 * type, comes back different from the line (the test compares them). (protobufjs's `verify` is not
 * used: it refuses the decimal strings the JSON mapping gives 64-bit integers.)
 */
export function decodeJsonLine(line: string): { message: object; json: unknown; line: unknown } {
  const value = JSON.parse(line) as unknown;
  const withBytes = mapIds(value, (id) => {
    if (typeof id !== 'string' || !/^[0-9a-f]*$/.test(id))
      throw new Error(`not a hex id: ${String(id)}`);
    return Buffer.from(id, 'hex');
  });
  const message = TracesData.fromObject(withBytes);
  return { message, json: asOtlpJson(TracesData, message), line: pruned(value) };
}

/** A protobuf `ExportTraceServiceRequest` body, decoded, in OTLP/JSON's shape. */
export function decodeExportRequest(body: Uint8Array): unknown {
  return asOtlpJson(ExportTraceServiceRequest, ExportTraceServiceRequest.decode(body));
}
