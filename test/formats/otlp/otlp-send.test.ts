import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../src/formats/otlp/send.js';
import { tracesUrl } from '../../../src/formats/otlp/traces-url.js';
import { txpipeTrickle } from '../../cli/run.js';
import { fixture } from '../../shared.js';
import {
  decodeExportRequest,
  decodeJsonLine,
  ExportTraceServiceResponse,
} from './official-proto.js';

/** A request the receiver took: when, where, how, and its body decoded by the official definitions. */
interface Received {
  readonly at: number;
  readonly path: string;
  readonly contentType: string | undefined;
  readonly decoded: unknown;
}

/** A reply of the receiver: a status, headers, a body. */
interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
}

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/**
 * A small OTLP/HTTP receiver: takes POSTs at any path, decodes each body as a protobuf
 * `ExportTraceServiceRequest` with the official definitions, and answers with the replies given
 * in turn (200 once they run out).
 */
async function receiver(replies: Reply[] = []): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      received.push({
        at: Date.now(),
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        decoded: decodeExportRequest(Buffer.concat(parts)),
      });
      const r = replies.shift() ?? { status: 200 };
      res.writeHead(r.status, { 'content-type': 'text/plain', ...(r.headers ?? {}) });
      res.end(r.body ?? '');
    });
  });
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/**
 * The built CLI with the pinned environment, run without blocking this process (the receiver
 * lives here): nothing on its standard input.
 */
async function txpipe(
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const r = await txpipeTrickle(args, Buffer.alloc(0), 1);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}

const SESSIONS = fixture('claude-code', 'd-kimuson-claude-code-viewer');
const lines = (s: string): string[] => s.split('\n').filter((l) => l !== '');

describe('convert --to otlp --endpoint: a real OTLP/HTTP receiver', () => {
  it('receives, as protobuf at /v1/traces, exactly the traces written to the file', async () => {
    const rx = await receiver();
    const r = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, SESSIONS]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const written = lines(r.stdout).map((l) => decodeJsonLine(l).json);
    expect(written.length).toBeGreaterThan(1);
    expect(rx.received.map((x) => x.decoded)).toEqual(written);
    for (const x of rx.received) {
      expect(x.path).toBe('/v1/traces');
      expect(x.contentType).toBe('application/x-protobuf');
    }
  });

  it('otlp-send posts a file written before, and says what it sent', async () => {
    const rx = await receiver();
    const made = await txpipe(['convert', '--to', 'otlp', SESSIONS]);
    const file = join(mkdtempSync(join(tmpdir(), 'txpipe-otlp-')), 'traces.jsonl');
    writeFileSync(file, made.stdout);
    const r = await txpipe(['otlp-send', '--endpoint', `${rx.url}/custom/path`, file]);
    expect(r.status).toBe(0);
    const written = lines(made.stdout).map((l) => decodeJsonLine(l).json);
    expect(rx.received.map((x) => x.decoded)).toEqual(written);
    expect(rx.received.every((x) => x.path === '/custom/path')).toBe(true);
    const spans = lines(made.stdout).reduce(
      (n, l) => n + (l.match(/"spanId"/g)?.length ?? 0) - (l.match(/"links"/g)?.length ?? 0),
      0,
    );
    expect(r.stdout).toBe(
      `sent ${written.length} traces (${spans} spans) to ${rx.url}/custom/path\n`,
    );
  });

  it.each([429, 502, 503, 504])(
    'retries a %i, then the trace goes through once',
    async (status) => {
      const rx = await receiver([
        { status, headers: { 'retry-after': '0' } },
        { status, headers: { 'retry-after': '0' } },
      ]);
      const file = join(SESSIONS, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
      const r = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, file]);
      expect(r.status).toBe(0);
      expect(rx.received).toHaveLength(3);
      expect(rx.received[2]!.decoded).toEqual(decodeJsonLine(lines(r.stdout)[0]!).json);
    },
  );

  it('waits as long as Retry-After says', async () => {
    const rx = await receiver([{ status: 503, headers: { 'retry-after': '1' } }]);
    const file = join(SESSIONS, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    const r = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, file]);
    expect(r.status).toBe(0);
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.at - rx.received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a refusal (400) is not retried: exit 1, the URL and the status named', async () => {
    const rx = await receiver([{ status: 400, body: 'bad span' }]);
    const r = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, SESSIONS]);
    expect(r.status).toBe(1);
    expect(rx.received).toHaveLength(1);
    expect(r.stderr).toContain(
      `otlp: POST ${rx.url}/v1/traces failed: HTTP 400 Bad Request: bad span`,
    );
  });

  it('a retryable status that does not stop fails after the last attempt', async () => {
    const busy = { status: 503, headers: { 'retry-after': '0' } };
    const rx = await receiver(Array.from({ length: 10 }, () => busy));
    const r = await txpipe(['otlp-send', '--endpoint', rx.url, '-']);
    expect(r.status).toBe(0); // no input, nothing sent
    const file = join(SESSIONS, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    const s = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, file]);
    expect(s.status).toBe(1);
    expect(rx.received).toHaveLength(5);
    expect(s.stderr).toContain(
      `${rx.url}/v1/traces failed: HTTP 503 Service Unavailable (5 attempts)`,
    );
  });

  it.each([
    [
      'protobuf',
      'application/x-protobuf',
      ExportTraceServiceResponse.encode(
        ExportTraceServiceResponse.fromObject({
          partialSuccess: { rejectedSpans: 2, errorMessage: 'span too old' },
        }),
      ).finish(),
    ],
    [
      'JSON',
      'application/json',
      JSON.stringify({ partialSuccess: { rejectedSpans: '2', errorMessage: 'span too old' } }),
    ],
  ])('a partial success (%s) is said on stderr, not retried', async (_kind, type, body) => {
    const rx = await receiver([{ status: 200, headers: { 'content-type': type }, body }]);
    const file = join(SESSIONS, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    const r = await txpipe(['convert', '--to', 'otlp', '--endpoint', rx.url, file]);
    expect(r.status).toBe(0);
    expect(rx.received).toHaveLength(1);
    expect(r.stderr).toContain(
      `txpipe: otlp: ${rx.url}/v1/traces rejected 2 of the spans of ${file}:`,
    );
    expect(r.stderr).toContain(': span too old');
  });

  it('--endpoint is for --to otlp only (a usage error otherwise)', async () => {
    const r = await txpipe([
      'convert',
      '--to',
      'txpipe',
      '--endpoint',
      'http://127.0.0.1:9',
      SESSIONS,
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--endpoint is for --to otlp');
  });
});

describe('OTLP/HTTP rules', () => {
  it.each([
    ['http://collector:4318', 'http://collector:4318/v1/traces'],
    ['http://collector:4318/', 'http://collector:4318/v1/traces'],
    ['https://x.example/api/public/otel/v1/traces', 'https://x.example/api/public/otel/v1/traces'],
  ])('endpoint %s posts to %s', (given, url) => {
    expect(tracesUrl(given).href).toBe(url);
  });

  it.each(['collector:4318', 'ftp://x/', ''])('endpoint %j is refused', (given) => {
    expect(() => tracesUrl(given)).toThrow(/--endpoint/);
  });

  it.each<[string | null, number | undefined]>([
    ['0', 0],
    ['7', 7000],
    [' 12 ', 12000],
    [new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), 30_000],
    [new Date(Date.UTC(2029, 11, 31)).toUTCString(), 0],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %j waits %j ms', (header, ms) => {
    expect(retryAfterMs(header, Date.UTC(2030, 0, 1))).toBe(ms);
  });
});
