import { spawn, type ChildProcess } from 'node:child_process';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, ensureBuilt } from '../cli/run.js';
import { bin, repoRoot } from '../shared.js';
import { NATS_MISSING, natsAvailable, startNats, type NatsServer } from './nats-server.js';

if (!natsAvailable) console.warn(NATS_MISSING);

/** A record with a secret in it, numbered so that every one can be found in the output. */
const record = (n: number): string =>
  JSON.stringify({
    type: 'user',
    n,
    message: {
      role: 'user',
      content: `deploy with token ghp_abcdefghijklmnopqrstuvwxyz0123456789 #${n} ${'x'.repeat(80)}`,
    },
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => Promise<boolean>, ms = 40_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Input, output (de-duplicating) and dead-letter streams, named after `p`. */
async function streams(jsm: JetStreamManager, p: string): Promise<void> {
  await jsm.streams.add({ name: `${p}_IN`, subjects: [`${p}.transcripts.>`] });
  await jsm.streams.add({
    name: `${p}_OUT`,
    subjects: [`${p}.out.>`],
    duplicate_window: 120_000_000_000,
  });
  await jsm.streams.add({ name: `${p}_DEAD`, subjects: [`${p}.dead.>`] });
}

async function publish(
  nc: NatsConnection,
  subject: string,
  lines: readonly string[],
): Promise<void> {
  const js = jetstream(nc);
  for (let i = 0; i < lines.length; i += 500) {
    await Promise.all(lines.slice(i, i + 500).map((l) => js.publish(subject, l)));
  }
}

interface StoredMessage {
  subject: string;
  data: string;
  header: (k: string) => string | undefined;
}

/** Every message of a stream, in order, with its subject and headers. */
async function readStream(nc: NatsConnection, stream: string): Promise<StoredMessage[]> {
  const jsm = await jetstreamManager(nc);
  const total = (await jsm.streams.info(stream)).state.messages;
  const out: StoredMessage[] = [];
  if (total === 0) return out;
  const consumer = await jetstream(nc).consumers.get(stream);
  while (out.length < total) {
    const msgs = await consumer.fetch({ max_messages: 1000, expires: 2000 });
    for await (const m of msgs) {
      out.push({
        subject: m.subject,
        data: m.string(),
        header: (k) => m.headers?.get(k) || undefined,
      });
    }
  }
  return out;
}

const count = async (jsm: JetStreamManager, stream: string): Promise<number> =>
  (await jsm.streams.info(stream)).state.messages;

describe.skipIf(!natsAvailable)('txpipe worker on a real nats-server -js (127.0.0.1)', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    nats = await startNats();
    nc = await nats.connect();
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await nc?.close();
    await nats?.stop();
  });

  function worker(
    p: string,
    extra: readonly string[] = [],
    outputSubject = `${p}.out.records`,
    pipeline = 'redact | clip --limit 48',
  ): ChildProcess & { stderrText: () => string } {
    const child = spawn(
      process.execPath,
      [
        bin,
        'worker',
        '--servers',
        nats.url,
        '--stream',
        `${p}_IN`,
        '--output-subject',
        outputSubject,
        '--dead-letter-subject',
        `${p}.dead.records`,
        '--pipeline',
        pipeline,
        '--ack-wait',
        '2',
        '--idle',
        '1',
        ...extra,
      ],
      { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    workers.push(child);
    return Object.assign(child, { stderrText: () => stderr });
  }

  const exitOf = (child: ChildProcess): Promise<number | null> =>
    child.exitCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise((r) => child.once('exit', (code) => r(code)));

  it('10,000 records through two workers, one killed with SIGKILL midway: each arrives exactly once', async () => {
    const p = 'kill';
    await streams(jsm, p);
    const N = 10_000;
    await publish(
      nc,
      `${p}.transcripts.p1.s1`,
      Array.from({ length: N }, (_, n) => record(n)),
    );
    const a = worker(p, ['--batch', '100']);
    const b = worker(p, ['--batch', '100']);
    await waitFor('a third of the output', async () => (await count(jsm, `${p}_OUT`)) >= N / 3);
    a.kill('SIGKILL');
    await waitFor('every input acknowledged', async () => {
      const info = await jsm.consumers.info(`${p}_IN`, 'txpipe');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    const out = await readStream(nc, `${p}_OUT`);
    expect(out.length).toBe(N);
    const seen = new Set(out.map((m) => (JSON.parse(m.data) as { n: number }).n));
    expect(seen.size).toBe(N);
    expect(out.some((m) => m.data.includes('ghp_'))).toBe(false); // the pipeline ran: redacted
    expect(out.every((m) => m.data.includes('clipped'))).toBe(true); // and clipped
    expect(await count(jsm, `${p}_DEAD`)).toBe(0);
    b.kill('SIGTERM');
    expect(await exitOf(b)).toBe(0);
  }, 90_000);

  it('a worker restarted after SIGKILL keeps a session in order: the messages the dead one took come first', async () => {
    const p = 'order';
    await streams(jsm, p);
    const N = 3000;
    await publish(
      nc,
      `${p}.transcripts.p1.s1`,
      Array.from({ length: N }, (_, n) => record(n)),
    );
    const a = worker(p, ['--batch', '200']);
    await waitFor('some output', async () => (await count(jsm, `${p}_OUT`)) >= 400);
    a.kill('SIGKILL');
    await exitOf(a);
    const b = worker(p, ['--batch', '200']);
    await waitFor('every input acknowledged', async () => {
      const info = await jsm.consumers.info(`${p}_IN`, 'txpipe');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    const out = (await readStream(nc, `${p}_OUT`)).map(
      (m) => (JSON.parse(m.data) as { n: number }).n,
    );
    expect(out).toHaveLength(N);
    const late = out.findIndex((n, i) => i > 0 && n < (out[i - 1] as number));
    expect(late === -1 ? 'in order' : `${out[late - 1]} then ${out[late]}`).toBe('in order');
    b.kill('SIGTERM');
    expect(await exitOf(b)).toBe(0);
  }, 90_000);

  it('convert: a session_end given late goes out under its own session`s subject', async () => {
    const p = 'late';
    await streams(jsm, p);
    const prompt = (sid: string, uuid: string): string =>
      JSON.stringify({
        type: 'user',
        uuid,
        sessionId: sid,
        timestamp: '2025-01-01T00:00:00Z',
        message: { role: 'user', content: `hello from ${sid}` },
      });
    const s1 = `${p}.transcripts.p1.sa`;
    const s2 = `${p}.transcripts.p1.sb`;
    await publish(nc, s1, [prompt('sa', 'u1')]);
    await publish(nc, s2, [prompt('sb', 'u2')]);
    const w = worker(p, [], `${p}.out.{subject}`, 'convert');
    await waitFor(
      'both sessions` starts and prompts',
      async () => (await count(jsm, `${p}_OUT`)) >= 5,
    );
    w.kill('SIGTERM');
    expect(await exitOf(w)).toBe(0);
    const out = await readStream(nc, `${p}_OUT`);
    const where = out.map((m) => {
      const ev = JSON.parse(m.data) as { kind: string; session: string };
      return `${ev.session} ${ev.kind} -> ${m.subject.slice(`${p}.out.`.length)}`;
    });
    expect(where).toEqual([
      `sa session_start -> ${s1}`,
      `sa user_message -> ${s1}`,
      `sa session_end -> ${s1}`,
      `sb session_start -> ${s2}`,
      `sb user_message -> ${s2}`,
      `sb session_end -> ${s2}`,
    ]);
    const info = await jsm.consumers.info(`${p}_IN`, 'txpipe');
    expect(info.num_ack_pending).toBe(0);
  }, 60_000);

  it('a poison record lands in the dead-letter subject with its reason and sequence, and blocks nothing', async () => {
    const p = 'poison';
    await streams(jsm, p);
    const poison = '{"broken": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"';
    await publish(nc, `${p}.transcripts.p1.s1`, [record(1), poison, record(2)]);
    const w = worker(p);
    await waitFor('the good records', async () => (await count(jsm, `${p}_OUT`)) === 2);
    await publish(nc, `${p}.transcripts.p1.s1`, [record(3)]);
    await waitFor('the record after the poison', async () => (await count(jsm, `${p}_OUT`)) === 3);
    const dead = await readStream(nc, `${p}_DEAD`);
    expect(dead).toHaveLength(1);
    const [d] = dead;
    expect(d?.header('Txpipe-Reason')).toBe('malformed');
    expect(d?.header('Txpipe-Source-Sequence')).toBe('2');
    expect(d?.header('Txpipe-Source-Stream')).toBe(`${p}_IN`);
    const body = JSON.parse(d?.data ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ reason: 'malformed', sequence: 2, line: 1, stream: `${p}_IN` });
    expect(String(body.raw)).not.toContain('ghp_'); // cleaned by the pipeline's redaction
    const info = await jsm.consumers.info(`${p}_IN`, 'txpipe');
    expect(info.num_ack_pending).toBe(0);
    w.kill('SIGTERM');
    expect(await exitOf(w)).toBe(0);
  }, 60_000);

  it("{subject} in --output-subject is replaced by each record's input subject", async () => {
    const p = 'subj';
    await streams(jsm, p);
    const s1 = `${p}.transcripts.p1.s1`;
    const s2 = `${p}.transcripts.p2.s2`;
    await publish(nc, s1, [record(1), record(2)]);
    await publish(nc, s2, [record(3)]);
    const w = worker(p, [], `${p}.out.{subject}`);
    await waitFor('the three records', async () => (await count(jsm, `${p}_OUT`)) === 3);
    const out = await readStream(nc, `${p}_OUT`);
    const where = out.map((m) => [(JSON.parse(m.data) as { n: number }).n, m.subject]);
    expect(where.sort()).toEqual([
      [1, `${p}.out.${s1}`],
      [2, `${p}.out.${s1}`],
      [3, `${p}.out.${s2}`],
    ]);
    w.kill('SIGTERM');
    expect(await exitOf(w)).toBe(0);
  }, 60_000);

  it('SIGTERM drains: stops fetching, acknowledges what it took, exits 0', async () => {
    const p = 'term';
    await streams(jsm, p);
    const N = 5000;
    await publish(
      nc,
      `${p}.transcripts.p1.s1`,
      Array.from({ length: N }, (_, n) => record(n)),
    );
    const w = worker(p, ['--batch', '50']);
    await waitFor('some output', async () => (await count(jsm, `${p}_OUT`)) >= 300);
    w.kill('SIGTERM');
    expect(await exitOf(w)).toBe(0);
    const info = await jsm.consumers.info(`${p}_IN`, 'txpipe');
    const out = await count(jsm, `${p}_OUT`);
    expect(info.num_ack_pending).toBe(0);
    expect(info.delivered.stream_seq).toBe(info.ack_floor.stream_seq);
    expect(info.ack_floor.stream_seq).toBe(out); // every acknowledged input has its output
    expect(out).toBeLessThan(N); // it stopped before the end
    expect(w.stderrText()).toMatch(
      new RegExp(`${out} messages, ${out} records out, 0 dead-lettered`),
    );
  }, 60_000);
});
