// Issue 24, item 18: the worker's failures name what failed: the servers it could not reach, the
// stream that is not there, the subject no stream captures (NATS answers that one "jetstream is
// not enabled"). The built CLI, against Debian's nats-server.
import { spawnSync } from 'node:child_process';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, ensureBuilt } from '../cli/run.js';
import { bin, repoRoot } from '../shared.js';
import { NATS_MISSING, natsAvailable, startNats, type NatsServer } from './nats-server.js';

if (!natsAvailable) console.warn(NATS_MISSING);

function worker(args: readonly string[]) {
  const r = spawnSync(
    process.execPath,
    [bin, 'worker', '--pipeline', 'cat', '--idle', '1', '--consumer', 'c', ...args],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 30_000 },
  );
  return { code: r.status, stderr: r.stderr };
}

describe.runIf(natsAvailable)('worker: a failure names what failed', () => {
  let nats: NatsServer;
  beforeAll(async () => {
    ensureBuilt();
    nats = await startNats();
    const nc = await nats.connect();
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'MSG_IN', subjects: ['msg.in.>'] });
    await jsm.streams.add({ name: 'MSG_OUT', subjects: ['msg.out.>'] });
    await jetstream(nc).publish('msg.in.a', '{"a":1}');
    await nc.close();
  }, 30_000);
  afterAll(async () => nats?.stop());

  /** [what, servers (the test server's when undefined), stream, output subject, the message] */
  const rows: [string, string | undefined, string, string, (url: string) => string][] = [
    [
      'a server that refuses the connection',
      '127.0.0.1:1',
      'MSG_IN',
      'msg.out.x',
      () => 'worker: cannot connect to NATS at 127.0.0.1:1 (--servers): connection refused',
    ],
    [
      'a stream that is not there',
      undefined,
      'NOPE',
      'msg.out.x',
      (url) =>
        `worker: stream NOPE (--stream) not found on ${url}: create it, or name one that is there`,
    ],
    [
      'an output subject no stream captures (not "jetstream is not enabled")',
      undefined,
      'MSG_IN',
      'nowhere.x',
      (url) =>
        `worker: no stream on ${url} captures nowhere.x (--output-subject): add the subject to a stream`,
    ],
  ];
  it.each(rows)('%s is named', (_what, servers, stream, subject, message) => {
    const r = worker([
      '--servers',
      servers ?? nats.url,
      '--stream',
      stream,
      '--output-subject',
      subject,
    ]);
    expect(r.code).toBe(1);
    // The worker may say that it started before it fails: the failure is the last line.
    expect(r.stderr.trimEnd().split('\n').pop()).toBe(`txpipe: ${message(nats.url)}`);
    expect(r.stderr).not.toContain('jetstream is not enabled');
  });
});
