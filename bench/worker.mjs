// Issue 17: records per second through `txpipe worker` (1, 2 and 4 processes sharing one durable
// consumer, pipeline `redact | clip`) against a plain NATS JetStream loop in one Node process that
// fetches, publishes each payload unchanged and acknowledges, with the same batch size and the same
// publish-then-ack discipline, no processing. A real `nats-server -js` on a free loopback port.
// Records are the first lines of the session corpus (bench/corpus/sessions.jsonl, built by
// `node bench/corpus.mjs sessions`). The time runs from the workers' start to the last output
// stored, so it includes their start-up (about 0.2 s each, in parallel).
//
//   node bench/worker.mjs [--records N] [--batch N]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { ensureCorpus, defaultCorpusDir, repoRoot } from './corpus.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? dflt : Number(process.argv[i + 1]);
};
const N = arg('--records', 10_000);
const BATCH = arg('--batch', 256);
const TXPIPE = join(repoRoot, 'dist', 'bin', 'txpipe.js');

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const store = mkdtempSync(join(tmpdir(), 'txpipe-bench-nats-'));
const server = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store], {
  stdio: 'ignore',
});
const url = `127.0.0.1:${port}`;
let nc;
for (let i = 0; i < 100 && !nc; i++) {
  try {
    nc = await connect({ servers: url });
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}
const jsm = await jetstreamManager(nc);
const js = jetstream(nc);

const corpus = ensureCorpus('sessions', { dir: defaultCorpusDir, log: (m) => console.error(m) });
const text = readFileSync(corpus, 'utf8');
const records = [];
for (let at = 0; records.length < N;) {
  const nl = text.indexOf('\n', at);
  records.push(text.slice(at, nl));
  at = nl + 1;
}
const bytes = records.reduce((n, r) => n + Buffer.byteLength(r) + 1, 0);

async function prepare(p) {
  await jsm.streams.add({ name: `${p}_IN`, subjects: [`${p}.in.>`], max_msg_size: -1 });
  await jsm.streams.add({ name: `${p}_OUT`, subjects: [`${p}.out.>`] });
  await jsm.streams.add({ name: `${p}_DEAD`, subjects: [`${p}.dead.>`] });
  for (let i = 0; i < records.length; i += 500) {
    await Promise.all(records.slice(i, i + 500).map((r) => js.publish(`${p}.in.s`, r)));
  }
}

async function waitOut(p) {
  for (;;) {
    const { state } = await jsm.streams.info(`${p}_OUT`);
    if (state.messages >= N) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The plain loop: fetch, publish unchanged, wait for the server, ack. */
async function plainLoop(p) {
  await jsm.consumers.add(`${p}_IN`, { durable_name: 'plain', ack_policy: AckPolicy.Explicit });
  const consumer = await js.consumers.get(`${p}_IN`, 'plain');
  const started = performance.now();
  let done = 0;
  while (done < N) {
    const msgs = await consumer.fetch({ max_messages: BATCH, expires: 1000 });
    const taken = [];
    const pubs = [];
    for await (const m of msgs) {
      taken.push(m);
      pubs.push(js.publish(`${p}.out.r`, m.data, { msgID: `${p}:${m.seq}` }));
    }
    await Promise.all(pubs);
    for (const m of taken) m.ack();
    await nc.flush();
    done += taken.length;
  }
  return performance.now() - started;
}

async function workers(p, count) {
  const started = performance.now();
  const children = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      [
        TXPIPE,
        'worker',
        '--servers',
        url,
        '--stream',
        `${p}_IN`,
        '--output-subject',
        `${p}.out.r`,
        '--dead-letter-subject',
        `${p}.dead.r`,
        '--pipeline',
        'redact | clip',
        '--batch',
        String(BATCH),
        '--quiet',
      ],
      { stdio: 'ignore' },
    ),
  );
  await waitOut(p);
  const ms = performance.now() - started;
  await Promise.all(
    children.map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM')))),
  );
  return ms;
}

const rows = [];
const row = (name, ms) => {
  rows.push({ name, ms });
  console.error(`${name}: ${(ms / 1000).toFixed(2)} s`);
};
await prepare('plain');
row('plain NATS loop (no processing, 1 process)', await plainLoop('plain'));
for (const count of [1, 2, 4]) {
  const p = `w${count}`;
  await prepare(p);
  row(`txpipe worker x${count} (redact, clip)`, await workers(p, count));
}
await nc.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(store, { recursive: true, force: true });

console.log(
  `${N} records (${(bytes / 1e6).toFixed(1)} MB, the first lines of the session corpus), batch ${BATCH}\n`,
);
console.log('| command | wall s | records/s | MB/s |');
console.log('|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${(r.ms / 1000).toFixed(2)} | ${Math.round((N / r.ms) * 1000)} | ${(((bytes / r.ms) * 1000) / 1e6).toFixed(1)} |`,
  );
}
