// The package's root entry (`txpipe`): what users call, one subpath entry each (src/exports/),
// each also importable alone (`txpipe/redact`, ...) to load only that part. docs/api.md lists
// every name under its subpath (test/package/api-docs.test.ts holds the two together).
// `txpipe/worker` is not here: only a worker needs it (and its NATS client).
// Internals (the CLI's command registry, StageDriver, RunLinker, ...) are not exported.

// Streaming core
export * from './exports/stream.js';
// Pipelines of several commands
export * from './exports/pipeline.js';
// The run engine: a pipeline over inputs as the CLI runs it
export * from './exports/engine.js';
// Formats: canonical events, the registry, readers and writers
export * from './exports/formats.js';
// Commands and their engines
export * from './exports/convert.js';
export * from './exports/redact.js';
export * from './exports/clip.js';
export * from './exports/usage.js';
export * from './exports/otlp.js';
export * from './exports/awf.js';
