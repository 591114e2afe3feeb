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

// Run records, rupu and replay (issue 7)
export { RawJson } from './formats/adapter.js';
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
