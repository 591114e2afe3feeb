// txpipe/worker: the NATS JetStream worker (records from a stream through a pipeline, outputs
// published, failures dead-lettered). Its NATS client (@nats-io/transport-node, @nats-io/jetstream)
// is an optional dependency, loaded when a worker starts. Not in the root entry. Listed in
// docs/api.md.
export { runWorker, type WorkerCounts, type WorkerIo } from '../worker/jetstream-worker.js';
export { workerOptions, workerDefaults, type WorkerOptions } from '../worker/worker-options.js';
