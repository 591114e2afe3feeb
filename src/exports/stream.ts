// txpipe/stream: the streaming core (bytes to records and back, the record Transform, errors and
// rejections) and the `cat` stage. Listed in docs/api.md; the root entry exports it too.
export { lines, linesDefaults, type Line, type LinesOptions } from '../stream/lines.js';
export { parse, parseDefaults, type OnInvalid, type ParseOptions } from '../stream/parse.js';
export { stringify, stringifyDefaults, type StringifyOptions } from '../stream/stringify.js';
export {
  readRecords,
  readRecordsDefaults,
  type ReadRecordsOptions,
} from '../stream/read-records.js';
export {
  recordTransform,
  type RecordLogic,
  type StageContext,
} from '../stream/record-transform.js';
export { openInput } from '../stream/input.js';
export { pipelineToEnd } from '../stream/pipeline-to-end.js';
export type { Framing } from '../stream/framing.js';
export { withValue, withRaw, type Rec, type InvalidReason } from '../stream/rec.js';
export { isRecord } from '../stream/is-record.js';
export { REJECT_EVENT, type Rejection, type RejectReason } from '../stream/rejection.js';
export { TxpipeError, type TxpipeErrorCode } from '../stream/errors.js';
export { cat } from '../transforms/cat.js';
