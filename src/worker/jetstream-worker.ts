import type { Consumer, JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { recText } from '../stream/stringify.js';
import { missing } from '../stream/missing-package.js';
import { ready as stagesReady } from '../transforms/behaviours.js';
import { pipelineRejectedText, pipelineStages } from '../transforms/chain.js';
import { DEAD_LETTER_HEADERS, deadLetterBody } from './dead-letter.js';
import { RecordWork, type Settled } from './record-work.js';
import { RedeliveryGate } from './redelivery-gate.js';
import { outputSubjectFor, type WorkerOptions } from './worker-options.js';
import { connectError, consumerError, publishError } from './worker-errors.js';

/**
 * The NATS client, imported when a worker starts rather than with this module: the bundled CLI is
 * one file (scripts/bundle-cli.mjs), and its static imports would load for every command. Its
 * packages are optional dependencies (only the worker needs them): a missing one is named.
 */
async function natsClient() {
  const [transport, js] = await Promise.all([
    import('@nats-io/transport-node').catch(missing('@nats-io/transport-node')),
    import('@nats-io/jetstream').catch(missing('@nats-io/jetstream')),
  ]);
  const { connect, headers } = transport;
  const { AckPolicy, jetstream, jetstreamManager } = js;
  return { connect, headers, AckPolicy, jetstream, jetstreamManager };
}

type NatsClient = Awaited<ReturnType<typeof natsClient>>;

/** Counts a worker reports when it stops. */
export interface WorkerCounts {
  messages: number;
  outputs: number;
  dead: number;
}

/** Where the worker says what it does, and how it is told to stop. */
export interface WorkerIo {
  readonly stderr: NodeJS.WritableStream;
  readonly quiet: boolean;
  /** Resolves when the worker should drain and stop (SIGTERM, SIGINT in the CLI). */
  readonly stop: Promise<void>;
}

/** The durable pull consumer, created when missing (identical creation by several workers is fine). */
async function durableConsumer(
  nats: NatsClient,
  nc: NatsConnection,
  o: WorkerOptions,
): Promise<Consumer> {
  const jsm = await nats.jetstreamManager(nc);
  try {
    await jsm.consumers.info(o.stream, o.consumer);
  } catch {
    await jsm.consumers.add(o.stream, {
      durable_name: o.consumer,
      ack_policy: nats.AckPolicy.Explicit,
      ack_wait: o.ackWaitMs * 1_000_000,
      max_ack_pending: Math.max(o.batch * 4, o.maxHeld * 2),
      ...(o.filterSubject ? { filter_subject: o.filterSubject } : {}),
    });
  }
  return nats.jetstream(nc).consumers.get(o.stream, o.consumer);
}

/**
 * The gate that keeps order after a crash: what was pending when this worker started, and how long
 * to wait for it (twice the consumer's ack wait, the time a redelivery may take).
 */
async function redeliveryGate(
  consumer: Consumer,
  o: WorkerOptions,
): Promise<RedeliveryGate<JsMsg>> {
  const info = await consumer.info();
  const ackWaitMs = info.config.ack_wait ? info.config.ack_wait / 1_000_000 : o.ackWaitMs;
  return new RedeliveryGate(
    { ackPending: info.num_ack_pending, delivered: info.delivered.stream_seq },
    Date.now() + 2 * ackWaitMs + o.idleMs,
  );
}

/**
 * Runs a worker until told to stop: fetches batches from the durable consumer, runs every record
 * through the pipeline (`RecordWork`), publishes the results to the output subject with a
 * `Nats-Msg-Id` derived from the input's stream sequence (so the output stream drops what a
 * redelivery publishes again), dead-letters what cannot be processed, and acknowledges an input
 * only after the server acknowledged everything it gave. On stop it fetches no more, finishes the
 * batch in hand, flushes held records, waits for every acknowledgement, and drains.
 */
export async function runWorker(o: WorkerOptions, io: WorkerIo): Promise<WorkerCounts> {
  // Built once here so that a bad pipeline fails before connecting.
  const clean = pipelineRejectedText(o.pipeline);
  // The work attributes outputs to messages by `line`: stages keep it (see RecordWork).
  const stageCtx = { inputs: [], stdoutIsTTY: false, stderr: io.stderr, keepLines: true };
  await stagesReady; // the formats' facets, so that the stages are built ready to run
  pipelineStages(o.pipeline, stageCtx);
  const work = new RecordWork(o.stream, () => pipelineStages(o.pipeline, stageCtx), clean);
  const nats = await natsClient();
  const nc = await nats
    .connect({ servers: [...o.servers], name: `txpipe-worker-${process.pid}` })
    .catch((err: unknown) => {
      throw connectError(err, o.servers);
    });
  const server = nc.getServer();
  const counts: WorkerCounts = { messages: 0, outputs: 0, dead: 0 };
  let stopping = false;
  void io.stop.then(() => (stopping = true));
  try {
    const consumer = await durableConsumer(nats, nc, o).catch((err: unknown) => {
      throw consumerError(err, o.stream, o.consumer, server);
    });
    const gate = await redeliveryGate(consumer, o);
    // Messages taken whose lines are still held by a stage: acked when a later batch settles them.
    const waiting = new Map<number, JsMsg>();
    if (!io.quiet) {
      io.stderr.write(`txpipe worker: ${o.stream}/${o.consumer} -> ${o.outputSubject}\n`);
    }
    while (!stopping) {
      const msgs = await consumer.fetch({ max_messages: o.batch, expires: o.idleMs });
      const fetched: JsMsg[] = [];
      for await (const m of msgs) fetched.push(m);
      const floor = gate.holding ? (await consumer.info()).ack_floor.stream_seq : undefined;
      const taken = gate.admit(fetched, floor, Date.now());
      const settled: Settled[] = [];
      for (const m of taken) settled.push(await work.take(m.seq, m.subject, m.string()));
      // A checkpoint resets the stages' state, so only when a stage holds records: on idle
      // input, when too many wait, and on stop. A message waiting only for output a stage may
      // still give later (convert's session end, at the next input) is not flushed on idle: the
      // session goes on when its next message comes.
      const idleFlush = taken.length === 0 && work.holding > 0;
      if (work.held > 0 && (idleFlush || work.held >= o.maxHeld || stopping)) {
        settled.push(await work.checkpoint());
      }
      await publishAndAck(nats, nc, waiting, o, taken, settled, counts, server);
    }
    if (work.held > 0)
      await publishAndAck(nats, nc, waiting, o, [], [await work.checkpoint()], counts, server);
  } finally {
    await nc.drain();
  }
  if (!io.quiet) {
    io.stderr.write(
      `txpipe worker: ${counts.messages} messages, ${counts.outputs} records out, ${counts.dead} dead-lettered\n`,
    );
  }
  return counts;
}

/**
 * Publishes what the batch gave and acknowledges each settled input once the server acknowledged
 * all of it. A failed publication leaves its input unacknowledged, to be redelivered.
 */
async function publishAndAck(
  nats: NatsClient,
  nc: NatsConnection,
  waiting: Map<number, JsMsg>,
  o: WorkerOptions,
  taken: readonly JsMsg[],
  settled: readonly Settled[],
  counts: WorkerCounts,
  server: string,
): Promise<void> {
  const js = nats.jetstream(nc);
  for (const m of taken) waiting.set(m.seq, m);
  counts.messages += taken.length;
  const pubs = new Map<number, Promise<unknown>[]>();
  const add = (seq: number, p: Promise<unknown>): void => {
    const list = pubs.get(seq) ?? [];
    list.push(p);
    pubs.set(seq, list);
  };
  const all: Promise<unknown>[] = [];
  for (const s of settled) {
    for (const out of s.outputs) {
      const subject = outputSubjectFor(o.outputSubject, waiting.get(out.seq)?.subject ?? '');
      const p = js.publish(subject, recText(out.rec), { msgID: out.id }).catch((err: unknown) => {
        throw publishError(err, subject, '--output-subject', server);
      });
      add(out.seq, p);
      all.push(p);
      counts.outputs++;
    }
    for (const d of s.dead) {
      const source = waiting.get(d.seq)?.subject ?? '';
      const h = nats.headers();
      h.set(DEAD_LETTER_HEADERS.reason, d.reason);
      h.set(DEAD_LETTER_HEADERS.stream, o.stream);
      h.set(DEAD_LETTER_HEADERS.sequence, String(d.seq));
      h.set(DEAD_LETTER_HEADERS.subject, source);
      h.set(DEAD_LETTER_HEADERS.line, String(d.line));
      const p = js
        .publish(o.deadLetterSubject, deadLetterBody(o.stream, source, d), {
          msgID: `${o.stream}:${d.seq}:${d.line}:dead`,
          headers: h,
        })
        .catch((err: unknown) => {
          throw publishError(err, o.deadLetterSubject, '--dead-letter-subject', server);
        });
      add(d.seq, p);
      all.push(p);
      counts.dead++;
    }
  }
  const results = await Promise.allSettled(all);
  const failed = results.find((r) => r.status === 'rejected');
  // A checkpoint's records may come from any message it settles: they all wait for every one.
  const done = settled.flatMap((s) => s.done);
  await Promise.all(
    done.map(async (seq) => {
      const m = waiting.get(seq);
      waiting.delete(seq);
      if (m === undefined) return;
      const mine = await Promise.allSettled(pubs.get(seq) ?? []);
      if (failed !== undefined || mine.some((r) => r.status === 'rejected')) return; // redelivered later
      m.ack();
    }),
  );
  await nc.flush(); // the acknowledgements have reached the server
  if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
}
