// txpipe/formats: canonical events, the format registry (one adapter per format, facets loaded
// lazily), detection, and each format's reader and writer. Listed in docs/api.md; the root entry
// exports it too.
export {
  EVENT_VERSION,
  EVENT_KINDS,
  type Event,
  type EventKind,
  type EventBase,
  type Origin,
  type ImageRef,
  type SessionStartEvent,
  type SessionEndEvent,
  type UserMessageEvent,
  type AssistantMessageEvent,
  type ThinkingEvent,
  type ToolCallEvent,
  type ToolResultEvent,
  type UsageEvent,
  type CompactionEvent,
  type TitleEvent,
  type NoticeEvent,
  type UnknownEvent,
} from '../events/event.js';
export type { Decoder, Encoder, DecodeOptions, EncodeOptions } from '../events/codec.js';
export { eventProblem, eventSchemaPath } from '../events/validate-event.js';
export type {
  FormatAdapter,
  FormatCodec,
  FormatFacets,
  FacetKind,
  FacetLoaders,
} from '../formats/adapter.js';
export { RawJson, RawJsonBytes } from '../formats/adapter.js';
export {
  formats,
  getFormat,
  formatIds,
  registerFormat,
  loadFacets,
  facetOf,
} from '../formats/registry.js';
export { codecOf } from '../formats/codecs.js';
export { detectValue } from '../formats/detect.js';
export { RecordRejected } from '../formats/record-rejected.js';
export {
  claudeCodeDecoder,
  claudeCodeDecodeDefaults,
  type ClaudeCodeDecodeOptions,
} from '../formats/claude-code/decoder.js';
export type { ReplyUsage } from '../formats/claude-code/reply-usage.js';
export {
  streamJsonDecoder,
  type StreamJsonDecodeOptions,
} from '../formats/claude-stream-json/decoder.js';
export {
  flockdeckEncoder,
  flockdeckEncodeDefaults,
  type FlockdeckEncodeOptions,
} from '../formats/flockdeck/encoder.js';
export { flockdeckDecoder } from '../formats/flockdeck/decoder.js';
export {
  passGuard,
  type LineGuard,
  type GuardedString,
  type GuardedInput,
} from '../formats/flockdeck/guard.js';
export { txpipeEncoder, txpipeDecoder } from '../formats/txpipe/index.js';
export { rupuDecoder, RUPU_EVENT_TYPES } from '../formats/rupu/decoder.js';
export {
  rupuEncoder,
  rupuEncodeDefaults,
  type RupuEncodeOptions,
} from '../formats/rupu/encoder.js';
export { runRecordDecoder } from '../formats/run-record/decoder.js';
export {
  runRecordEncoder,
  runRecordDefaults,
  type RunRecordOptions,
} from '../formats/run-record/encoder.js';
