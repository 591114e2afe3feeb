import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * The worker tests run a real `nats-server -js` on a free loopback port. Without the binary they
 * are skipped with this message (CI installs it: .ci/run).
 */
export const NATS_MISSING =
  'nats-server not found: the worker tests are skipped. Install it (Debian: apt-get install -y nats-server) ' +
  'or put a nats-server 2.9+ binary on PATH, then run npx vitest run test/worker';

/** Whether `nats-server` can be run here. */
export const natsAvailable: boolean =
  spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).status === 0;

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface NatsServer {
  readonly url: string;
  connect(): Promise<NatsConnection>;
  stop(): Promise<void>;
}

/** Starts `nats-server -js` on 127.0.0.1 with its store in a temporary folder. */
export async function startNats(): Promise<NatsServer> {
  const port = await freePort();
  const store = mkdtempSync(join(tmpdir(), 'txpipe-nats-'));
  const child: ChildProcess = spawn(
    'nats-server',
    ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store],
    { stdio: 'ignore' },
  );
  const url = `127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const nc = await connect({ servers: url, reconnect: false });
      await nc.close();
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    connect: () => connect({ servers: url }),
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(store, { recursive: true, force: true });
    },
  };
}
