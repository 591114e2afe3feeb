// txpipe/pipeline: several commands' stages chained as a shell pipeline would run them.
// Listed in docs/api.md; the root entry exports it too.
export { chain, type Pipeline, type PipelineStep } from '../transforms/chain.js';
export { loadPipelineConfig } from '../transforms/pipeline-config.js';
