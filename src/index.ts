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
  Decoder,
  Encoder,
  DecodeOptions,
  EncodeOptions,
} from './formats/adapter.js';
export { formats, getFormat, formatIds } from './formats/registry.js';
export { detectValue } from './formats/detect.js';

// Transforms (one per command)
export { cat } from './transforms/cat.js';
export { detect, detectDefaults, type DetectOptions } from './transforms/detect.js';
export { convert, type ConvertOptions } from './transforms/convert.js';
export { commands, getCommand } from './transforms/registry.js';
export type { CommandSpec, CliOption, CommandContext } from './transforms/spec.js';

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
export { normalizers, getNormalizer, normalizerIds } from './awf/normalizers/registry.js';
export type { AgentNormalizer } from './awf/normalizers/agent-normalizer.js';
export { ShapeError } from './awf/normalizers/shape.js';
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
