import type { CommandSpec } from '../spec.js';

/** Defaults of `txpipe worker`. */
export const workerDefaults = Object.freeze({
  servers: '127.0.0.1:4222',
  consumer: 'txpipe',
  deadLetterSubject: 'txpipe.dead-letter',
  batch: 256,
  ackWait: 30,
  maxHeld: 1000,
  idle: 1,
});

export const workerCommand: CommandSpec = {
  name: 'worker',
  summary:
    'Run a pipeline on records from a NATS JetStream consumer, publishing results (scale-out)',
  options: {
    servers: {
      type: 'string',
      default: workerDefaults.servers,
      describe: 'NATS server(s), comma-separated host:port',
    },
    stream: { type: 'string', describe: 'The JetStream stream records are read from (required)' },
    consumer: {
      type: 'string',
      default: workerDefaults.consumer,
      describe: 'Durable pull consumer, shared by every worker of it (created when missing)',
    },
    filterSubject: {
      type: 'string',
      describe: 'Subjects the consumer takes when it is created (one partition: transcripts.3.>)',
    },
    outputSubject: {
      type: 'string',
      describe: 'Where result records are published (required); {subject} is the input subject',
    },
    deadLetterSubject: {
      type: 'string',
      default: workerDefaults.deadLetterSubject,
      describe: 'Where a line that could not be processed goes, with the reason and its sequence',
    },
    pipeline: {
      type: 'string',
      describe: "The stages, as txpipe run takes them: 'redact | clip --limit 4KiB'",
    },
    config: { type: 'string', describe: 'JSON file naming the pipeline (as txpipe run --config)' },
    batch: {
      type: 'number',
      default: workerDefaults.batch,
      describe: 'Messages fetched at once',
    },
    ackWait: {
      type: 'number',
      default: workerDefaults.ackWait,
      describe: 'Seconds before an unacknowledged message is redelivered (consumer creation)',
    },
    maxHeld: {
      type: 'number',
      default: workerDefaults.maxHeld,
      describe: 'Messages a stage may hold unfinished before the stages are flushed (checkpoint)',
    },
    idle: {
      type: 'number',
      default: workerDefaults.idle,
      describe:
        'Seconds (1 or more) a fetch waits for messages; an empty fetch flushes held records',
    },
  },
  output: 'text',
  load: async () => (await import('../../worker/worker-behaviour.js')).workerBehaviour,
};
