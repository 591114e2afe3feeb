// txpipe/engine: a pipeline over inputs as the CLI runs it (runPipeline), and the records of paths
// read as the CLI reads them (readInputs). Listed in docs/api.md; the root entry exports it too.
export {
  runPipeline,
  type RunPipelineOptions,
  type RunResult,
  type RunFailure,
} from '../engine/run-pipeline.js';
export { readInputs, type ReadInputsOptions, type RecordInputs } from '../engine/read-inputs.js';
