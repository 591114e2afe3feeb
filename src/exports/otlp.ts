// txpipe/otlp: OpenTelemetry traces: the otlp writer, its protobuf encoding, and sending to an
// OTLP/HTTP endpoint (docs/otlp.md). Listed in docs/api.md; the root entry exports it too.
export { otlpEncoder } from '../formats/otlp/encoder.js';
export type { OtlpOptions } from '../formats/otlp/trace-spans.js';
export type { TracesData } from '../formats/otlp/otlp-json.js';
export { tracesToProtobuf } from '../formats/otlp/protobuf.js';
export { postTraces, sendDefaults, type SendOptions } from '../formats/otlp/send.js';
export { tracesUrl } from '../formats/otlp/traces-url.js';
export { otlpSend, type OtlpSendOptions } from '../transforms/otlp-send.js';
