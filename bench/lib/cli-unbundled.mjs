// The CLI run from tsc's modules (dist/src/cli/main.js) instead of its esbuild bundle: the same
// code as `txpipe`, loaded as the library is. Beside runPipeline it shows what of a gap between
// the library and the CLI is the bundle, not the engine. `node bench/lib/cli-unbundled.mjs redact FILE`.
const { main } = await import('../../dist/src/cli/main.js');
await main(process.argv.slice(2));
