// The public API: named factories and types only. Each section belongs to one part of txpipe.

// Streaming core
export { lines, linesDefaults, type Line, type LinesOptions } from './stream/lines.js';
export {
  parse,
  parseDefaults,
  parseLine,
  type OnInvalid,
  type ParseOptions,
} from './stream/parse.js';
export {
  stringify,
  stringifyDefaults,
  recText,
  type StringifyOptions,
} from './stream/stringify.js';
export {
  readRecords,
  readRecordsDefaults,
  type ReadRecordsOptions,
} from './stream/read-records.js';
export { recordTransform, type RecordLogic, type StageContext } from './stream/record-transform.js';
export { openInput } from './stream/input.js';
export { sniffFraming, type Framing } from './stream/framing.js';
export { withValue, withRaw, isObjectRec, type Rec, type InvalidReason } from './stream/rec.js';
export { REJECT_EVENT, type Rejection, type RejectReason } from './stream/rejection.js';
export { TxpipeError, type TxpipeErrorCode } from './stream/errors.js';

// Canonical events
export * from './events/event.js';

// Formats
export type {
  FormatAdapter,
  FormatCodec,
  Decoder,
  Encoder,
  DecodeOptions,
  EncodeOptions,
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

// Transforms (one per command)
export { cat } from './transforms/cat.js';
export { detect, detectDefaults, type DetectOptions } from './transforms/detect.js';
export { convert, type ConvertOptions } from './transforms/convert.js';
export { commands, getCommand } from './transforms/registry.js';
export type {
  CommandSpec,
  CommandBehaviour,
  CliOption,
  CommandContext,
} from './transforms/spec.js';

// Redaction (issue 3)
export {
  createRedactor,
  redactOptionsDefaults,
  REDACTED,
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
export { nameIsSecret, isCountName } from './redact/secret-names.js';
export { redact, redactDefaults, type RedactStageOptions } from './transforms/redact.js';
export { redactCommand } from './transforms/commands/redact.js';

// Convert core: events, the Claude Code and Flockdeck adapters
export { eventProblem, eventSchemaPath } from './events/validate-event.js';
export { BoundedMap } from './events/bounded-map.js';
export { RawJson } from './formats/adapter.js';
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
export { FLOCKDECK_KEYS } from './formats/flockdeck/line-keys.js';
export { txpipeEncoder, txpipeDecoder } from './formats/txpipe/index.js';
export { convertDefaults } from './transforms/convert.js';

// Clipping (issue 4)
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
// Usage: dedup-usage and usage reports
export {
  dedupUsage,
  dedupUsageDefaults,
  type DedupUsageOptions,
} from './transforms/dedup-usage.js';
export { usage, usageDefaults, type UsageOptions, type UsageFormat } from './transforms/usage.js';
export { UsageTotals, type UsageReport, type UsageRow } from './usage/usage-totals.js';
export type { UsageEntry, UsageExtractor } from './usage/extractor.js';
export type { KeepPolicy } from './usage/keep-policy.js';
export type { TokenCounts } from './usage/tokens.js';
// Run records, rupu and replay (issue 7)
export { RecordRejected, readOrReject } from './formats/record-rejected.js';
export { rupuDecoder, RUPU_EVENT_TYPES } from './formats/rupu/decoder.js';
export { rupuEncoder, rupuEncodeDefaults, type RupuEncodeOptions } from './formats/rupu/encoder.js';
export { rupuReplayer } from './formats/rupu/replay.js';
export { runRecordDecoder } from './formats/run-record/decoder.js';
export {
  runRecordEncoder,
  runRecordDefaults,
  type RunRecordOptions,
} from './formats/run-record/encoder.js';
export { replay, replayDefaults, type ReplayOptions } from './transforms/replay.js';
export { eventsReplayer } from './replay/events-replayer.js';
export type { Block, Message, Replayed, Replayer } from './replay/replayer.js';
