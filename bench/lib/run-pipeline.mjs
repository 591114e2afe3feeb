// runPipeline from the built library, as an ETL job calls it: the pipeline's text, then the
// inputs; the output goes to standard output. `node bench/lib/run-pipeline.mjs 'redact' FILE`.
// With `--engine` first, only the engine's module is imported (dist/src/engine/run-pipeline.js,
// what a subpath export of the engine would load) instead of the whole package (dist/src/index.js):
// the two differ only in start-up.
const args = process.argv.slice(2);
const engineOnly = args[0] === '--engine';
const [pipeline, ...inputs] = engineOnly ? args.slice(1) : args;
const { runPipeline } = engineOnly
  ? await import('../../dist/src/engine/run-pipeline.js')
  : await import('../../dist/src/index.js');
await runPipeline({ inputs, pipeline, output: '-' });
