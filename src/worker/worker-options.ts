import { badOption } from '../stream/errors.js';
import type { Pipeline } from '../transforms/chain.js';
import { workerDefaults } from '../transforms/commands/worker.js';
import { loadPipelineConfig } from '../transforms/pipeline-config.js';

export { workerDefaults };

/** What a worker needs, checked once at start. */
export interface WorkerOptions {
  readonly servers: readonly string[];
  readonly stream: string;
  readonly consumer: string;
  readonly filterSubject?: string;
  readonly outputSubject: string;
  readonly deadLetterSubject: string;
  readonly pipeline: Pipeline;
  readonly batch: number;
  readonly ackWaitMs: number;
  readonly maxHeld: number;
  readonly idleMs: number;
}

const positive = (name: string, value: unknown): number => {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    badOption(`worker: --${name} must be a positive number, got ${String(value)}`);
  }
  return value;
};

const word = (name: string, value: unknown): string => {
  if (typeof value !== 'string' || value.length === 0) badOption(`worker: give --${name}`);
  return value;
};

/** The worker's options from parsed arguments (camelCase), with defaults; throws a bad option. */
export function workerOptions(args: Readonly<Record<string, unknown>>): WorkerOptions {
  const a: Record<string, unknown> = { ...workerDefaults };
  for (const [k, v] of Object.entries(args)) if (v !== undefined) a[k] = v;
  const files = (args.files as readonly string[] | undefined) ?? [];
  if (files.length > 0) badOption('worker: reads no files; records come from --stream');
  let pipeline: Pipeline;
  if (typeof a.config === 'string') pipeline = loadPipelineConfig(a.config);
  else pipeline = word('pipeline (or --config FILE)', a.pipeline);
  return {
    servers: word('servers', a.servers)
      .split(',')
      .map((s) => s.trim()),
    stream: word('stream', a.stream),
    consumer: word('consumer', a.consumer),
    filterSubject: typeof a.filterSubject === 'string' ? a.filterSubject : undefined,
    outputSubject: word('output-subject', a.outputSubject),
    deadLetterSubject: word('dead-letter-subject', a.deadLetterSubject),
    pipeline,
    batch: Math.floor(positive('batch', a.batch)),
    ackWaitMs: Math.round(positive('ack-wait', a.ackWait) * 1000),
    maxHeld: Math.floor(positive('max-held', a.maxHeld)),
    idleMs: Math.max(1000, Math.round(positive('idle', a.idle) * 1000)), // the client's least
  };
}

/** The subject an output is published to: `{subject}` in the template, each time, is the input's. */
export function outputSubjectFor(template: string, inputSubject: string): string {
  return template.replaceAll('{subject}', inputSubject);
}
