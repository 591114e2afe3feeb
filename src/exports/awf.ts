// txpipe/awf: AWF ExchangeEvents (reader, writer, envelope, vocabulary), agent-output
// normalizers, and the normalize and awf-tree stages. Listed in docs/api.md; the root entry
// exports it too.
export { awfDecoder, awfDecodeDefaults } from '../formats/awf/awf-decoder.js';
export { awfEncoder, AWF_ZERO_TIME } from '../formats/awf/awf-encoder.js';
export {
  readEnvelope,
  dispatchPayload,
  awfMeta,
  type ExchangeEvent,
  type Dispatched,
  type AwfMeta,
} from '../formats/awf/envelope.js';
export { contentBlock, type ContentBlock } from '../formats/awf/content-block.js';
export {
  AWF_EVENT_TYPES,
  AWF_BLOCK_TYPES,
  AWF_FIDELITIES,
  isAwfEventType,
  isAwfBlockType,
  type AwfEventType,
  type AwfBlockType,
  type AwfFidelity,
} from '../formats/awf/vocabulary.js';
export { normalizers, getNormalizer, normalizerIds } from '../formats/awf/normalizers/registry.js';
export type { AgentNormalizer } from '../formats/awf/normalizers/agent-normalizer.js';
export { ShapeError } from '../formats/awf/normalizers/shape.js';
export {
  normalize,
  normalizeDefaults,
  normalizeRecord,
  blocksText,
  type NormalizeOptions,
  type LineOutcome,
} from '../transforms/normalize.js';
export {
  awfTree,
  awfTreeDefaults,
  readAwfTree,
  type AwfTreeOptions,
} from '../transforms/awf-tree.js';
