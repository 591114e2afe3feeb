// The public API, listed in docs/api.md (test/index-exports.test.ts holds the two together):
// the command factories, readRecords/stringify and the streaming core, the format registry, the
// engines' pure functions that users and format authors need, and types. Internal helpers are
// not exported. Each section belongs to one part of txpipe.

// Streaming core: bytes to records and back, and the record Transform
export { lines, linesDefaults, type Line, type LinesOptions } from './stream/lines.js';
export { parse, parseDefaults, type OnInvalid, type ParseOptions } from './stream/parse.js';
export { stringify, stringifyDefaults, type StringifyOptions } from './stream/stringify.js';
export {
  readRecords,
  readRecordsDefaults,
  type ReadRecordsOptions,
} from './stream/read-records.js';
export { recordTransform, type RecordLogic, type StageContext } from './stream/record-transform.js';
export { openInput } from './stream/input.js';
export { pipelineToEnd } from './stream/pipeline-to-end.js';
export type { Framing } from './stream/framing.js';
export { withValue, withRaw, type Rec, type InvalidReason } from './stream/rec.js';
export { isRecord } from './stream/is-record.js';
export { REJECT_EVENT, type Rejection, type RejectReason } from './stream/rejection.js';
export { TxpipeError, type TxpipeErrorCode } from './stream/errors.js';

// Canonical events and the reader/writer contracts
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
} from './events/event.js';
export type { Decoder, Encoder, DecodeOptions, EncodeOptions } from './events/codec.js';

// Formats: the registry (one adapter per format, facets loaded lazily), detection
export type {
  FormatAdapter,
  FormatCodec,
  FormatFacets,
  FacetKind,
  FacetLoaders,
} from './formats/adapter.js';
export {
  formats,
  getFormat,
  formatIds,
  registerFormat,
  loadFacets,
  facetOf,
} from './formats/registry.js';
export { codecOf } from './formats/codecs.js';
export { detectValue } from './formats/detect.js';

// Commands: one factory per command, and the command registry the CLI is built from
export { cat } from './transforms/cat.js';
export { detect, detectDefaults, type DetectOptions } from './transforms/detect.js';
export { convert, type ConvertOptions } from './transforms/convert.js';
export { commands, getCommand } from './transforms/registry.js';
export {
  chain,
  pipelineStages,
  pipelineSteps,
  type Pipeline,
  type PipelineStep,
} from './transforms/chain.js';
export { loadPipelineConfig } from './transforms/pipeline-config.js';
export { StageDriver, type DriveResult } from './stream/stage-driver.js';
export type { CommandSpec, CommandBehaviour, CommandContext } from './transforms/spec.js';
export type { CliOption } from './stream/cli-option.js';

// Redaction engine and the redact command
export {
  createRedactor,
  redactOptionsDefaults,
  REDACTED,
  REDACT_RULES,
  type RedactRules,
  WITHHELD,
  type Redactor,
  type RedactOptions,
} from './redact/redactor.js';
export {
  checkRedactConfig,
  loadRedactConfig,
  type RedactConfig,
  type RedactConfigFile,
} from './redact/config.js';
export { isSecretPath, secretFileOfCall } from './redact/secret-files.js';
export { redact, redactDefaults, type RedactStageOptions } from './transforms/redact.js';
// For a format's redaction facet (docs/api.md: adding a format)
export type { FormatRedaction, WithholdContext } from './redact/facet.js';
export type { PendingCalls } from './redact/pending-calls.js';
export { callInput, resultOutput, withholdFields, withKey } from './redact/withhold.js';

// Format readers and writers (also reached through codecOf), event validation
export { eventProblem, eventSchemaPath } from './events/validate-event.js';
export { RawJson, RawJsonBytes } from './formats/adapter.js';
export {
  claudeCodeDecoder,
  claudeCodeDecodeDefaults,
  type ClaudeCodeDecodeOptions,
} from './formats/claude-code/decoder.js';
export {
  streamJsonDecoder,
  type StreamJsonDecodeOptions,
} from './formats/claude-stream-json/decoder.js';
export type { ReplyUsage } from './formats/claude-code/reply-usage.js';
export {
  flockdeckEncoder,
  flockdeckEncodeDefaults,
  type FlockdeckEncodeOptions,
} from './formats/flockdeck/encoder.js';
export { flockdeckDecoder } from './formats/flockdeck/decoder.js';
export {
  passGuard,
  type LineGuard,
  type GuardedString,
  type GuardedInput,
} from './formats/flockdeck/guard.js';
export { txpipeEncoder, txpipeDecoder } from './formats/txpipe/index.js';
export { convertDefaults } from './transforms/convert.js';

// Clipping engine and the clip command
export {
  clipMarker,
  clipString,
  findMarker,
  utf8Prefix,
  type Clipped,
  type FoundMarker,
} from './clip/clip-string.js';
export { clipValue, type Cut, type ValueLimits } from './clip/clip-value.js';
export { recordClipper, type RecordClipper, type ProfileClipper } from './clip/clip-record.js';
export { fitLine, type Fit } from './clip/fit-line.js';
export { omitBinary, type OmittedImage, type OmittedVector } from './clip/omit-binary.js';
export {
  makeLimits,
  parseSize,
  type LimitRule,
  type Limits,
  type PathSegment,
} from './clip/limits.js';
export { genericProfile } from './clip/generic-profile.js';
export type { ClipProfile, ClippedMapKind, ProfileRule } from './clip/profile.js';
export { clip, clipDefaults, clipProfileFor, type ClipOptions } from './transforms/clip.js';
// AWF: ExchangeEvent reader/writer, run trees, agent-output normalizers
export { awfDecoder, awfDecodeDefaults } from './formats/awf/awf-decoder.js';
export { awfEncoder, AWF_ZERO_TIME } from './formats/awf/awf-encoder.js';
export {
  readEnvelope,
  dispatchPayload,
  awfMeta,
  type ExchangeEvent,
  type Dispatched,
  type AwfMeta,
} from './formats/awf/envelope.js';
export { contentBlock, type ContentBlock } from './formats/awf/content-block.js';
export {
  AWF_EVENT_TYPES,
  AWF_BLOCK_TYPES,
  AWF_FIDELITIES,
  isAwfEventType,
  isAwfBlockType,
  type AwfEventType,
  type AwfBlockType,
  type AwfFidelity,
} from './formats/awf/vocabulary.js';
export { RunLinker, type RunNode, type CallSite } from './formats/awf/run-linker.js';
export { normalizers, getNormalizer, normalizerIds } from './formats/awf/normalizers/registry.js';
export type { AgentNormalizer } from './formats/awf/normalizers/agent-normalizer.js';
export { ShapeError } from './formats/awf/normalizers/shape.js';
export {
  normalize,
  normalizeDefaults,
  normalizeRecord,
  blocksText,
  type NormalizeOptions,
  type LineOutcome,
} from './transforms/normalize.js';
export {
  awfTree,
  awfTreeDefaults,
  readAwfTree,
  type AwfTreeOptions,
} from './transforms/awf-tree.js';
// Usage engine and the dedup-usage and usage commands
export {
  dedupUsage,
  dedupUsageDefaults,
  type DedupUsageOptions,
} from './transforms/dedup-usage.js';
export { usage, usageDefaults, type UsageOptions, type UsageFormat } from './transforms/usage.js';
export {
  UsageTotals,
  type UsageReport,
  type DefaultUsageReport,
  type UsageRow,
  type BlockRow,
} from './usage/usage-totals.js';
export { PriceTable, loadPriceList, type Price } from './usage/prices.js';
export { BUILT_IN_PRICES, type PriceList, type ModelPrice } from './usage/price-list.js';
export type { UsageEntry, UsageExtractor, UsageReader } from './usage/extractor.js';
export type { UsageDedup, UsageSite } from './usage/usage-dedup.js';
export type { UsageFormats } from './usage/usage-formats.js';
export type { KeepPolicy } from './usage/keep-policy.js';
export type { TokenCounts } from './usage/tokens.js';
// rupu, run records and the replay engine and command
export { RecordRejected } from './formats/record-rejected.js';
export { rupuDecoder, RUPU_EVENT_TYPES } from './formats/rupu/decoder.js';
export { rupuEncoder, rupuEncodeDefaults, type RupuEncodeOptions } from './formats/rupu/encoder.js';
export { runRecordDecoder } from './formats/run-record/decoder.js';
export {
  runRecordEncoder,
  runRecordDefaults,
  type RunRecordOptions,
} from './formats/run-record/encoder.js';
export { replay, replayDefaults, type ReplayOptions } from './transforms/replay.js';
export { eventsReplayer } from './replay/events-replayer.js';
export type { Block, Message, Replayed, Replayer } from './replay/replayer.js';
// OpenTelemetry traces: the otlp writer, its protobuf encoding, and sending to an OTLP/HTTP endpoint
export { otlpEncoder } from './formats/otlp/encoder.js';
export type { OtlpOptions } from './formats/otlp/trace-spans.js';
export type { TracesData } from './formats/otlp/otlp-json.js';
export { tracesToProtobuf } from './formats/otlp/protobuf.js';
export { postTraces, sendDefaults, type SendOptions } from './formats/otlp/send.js';
export { tracesUrl } from './formats/otlp/traces-url.js';
export { otlpSend, type OtlpSendOptions } from './transforms/otlp-send.js';

// The run engine: a pipeline over inputs as the CLI runs it (docs/api.md, "The run engine")
export {
  runPipeline,
  type RunPipelineOptions,
  type RunResult,
  type RunFailure,
} from './engine/run-pipeline.js';
export { readInputs, type ReadInputsOptions, type RecordInputs } from './engine/read-inputs.js';
