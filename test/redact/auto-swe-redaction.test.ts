import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { omitVectors, stripCredentialParams } from '../../src/formats/auto-swe/redact.js';
import { repoRoot } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const file = (name: string): string => join(repoRoot, 'test', 'fixtures', 'auto-swe', name);
const lines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('auto-swe redaction facet: credential query parameters', () => {
  it.each([
    ['/v1/messages', '/v1/messages'],
    ['/m:embedContent?key=AIzaSy123&alt=json', '/m:embedContent?alt=json'],
    ['/x?alt=sse&KEY=a', '/x?alt=sse'],
    ['/x?api_key=a&token=b&access_token=c', '/x'],
    ['/x?a=1&X-Amz-Signature=f00&b=2#frag', '/x?a=1&b=2#frag'],
    ['/x?api%5Fkey=a&keep=1', '/x?keep=1'],
    ['/x?keyword=kept&monkey=kept', '/x?keyword=kept&monkey=kept'],
    ['/x?', '/x'],
  ])('%s -> %s', (path, want) => {
    expect(stripCredentialParams(path)).toBe(want);
    expect(stripCredentialParams(want)).toBe(want);
  });
});

describe('auto-swe redaction facet: embedding vectors', () => {
  it('OpenAI data[].embedding (floats or base64), Google embedding.values and embeddings[].values', () => {
    expect(
      omitVectors({ data: [{ embedding: [1, 2, 3] }, { embedding: 'AAAAAAAAAAA=' }] }),
    ).toEqual({
      data: [
        { embedding: { omitted: 'vector', dimensions: 3 } },
        { embedding: { omitted: 'vector', dimensions: 2 } },
      ],
    });
    expect(omitVectors({ embedding: { values: [0.5] } })).toEqual({
      embedding: { values: { omitted: 'vector', dimensions: 1 } },
    });
    expect(omitVectors({ embeddings: [{ values: [] }, { values: [1, 2] }] })).toEqual({
      embeddings: [
        { values: { omitted: 'vector', dimensions: 0 } },
        { values: { omitted: 'vector', dimensions: 2 } },
      ],
    });
    const done = { data: [{ embedding: { omitted: 'vector', dimensions: 3 } }] };
    expect(omitVectors(done)).toBe(done);
  });
});

describe('txpipe redact on auto-swe records', () => {
  it('omits vectors, strips credential parameters and drops headers; idempotent', async () => {
    const r = await cliInProcess(['redact', file('embeddings.jsonl')]);
    expect(r.code).toBe(0);
    const out = lines(r.stdout).filter((l) => l.kind === 'http_call');
    expect(out.map((l) => l.path)).toEqual([
      '/v1/embeddings',
      '/v1beta/models/text-embedding-004:embedContent?alt=json',
      '/v1beta/models/text-embedding-004:batchEmbedContents',
    ]);
    expect(out.some((l) => 'headers' in l)).toBe(false);
    expect(r.stdout).not.toContain('AIzaSy');
    expect(out[0]!.response).toMatchObject({
      data: [
        { embedding: { omitted: 'vector', dimensions: 3 } },
        { embedding: { omitted: 'vector', dimensions: 4 } },
      ],
      usage: { prompt_tokens: 4, total_tokens: 4 },
    });
    expect(out[1]!.response).toEqual({
      embedding: { values: { omitted: 'vector', dimensions: 3 } },
    });
    // the embedded inputs are kept in full
    expect(out[0]!.request).toEqual({ model: 'text-embedding-3-small', input: ['alpha', 'beta'] });
    const again = await cliInProcess(['redact'], { stdin: r.stdout });
    expect(again.stdout).toBe(r.stdout);
  });

  it('passes chat calls unchanged (their bytes), and rewrites export lines too', async () => {
    const r = await cliInProcess(['redact', file('anthropic.jsonl')]);
    expect(r.stdout).toBe(readFileSync(file('anthropic.jsonl'), 'utf8'));
    const line = JSON.stringify({
      transcript: { id: 't' },
      record: {
        kind: 'http_call',
        purpose: 'embedding',
        path: '/v1/embeddings?token=x',
        headers: { a: 'b' },
        response: { data: [{ embedding: [1] }] },
      },
    });
    const e = await cliInProcess(['redact'], { stdin: line + '\n' });
    expect(JSON.parse(e.stdout)).toEqual({
      transcript: { id: 't' },
      record: {
        kind: 'http_call',
        purpose: 'embedding',
        path: '/v1/embeddings',
        response: { data: [{ embedding: { omitted: 'vector', dimensions: 1 } }] },
      },
    });
  });

  it('--pii scrubs string fields of auto-swe records as for every format', async () => {
    const rec = {
      kind: 'http_call',
      path: '/v1/messages',
      request: {
        messages: [
          { role: 'user', content: 'mail jane.doe@example.com, card 4111 1111 1111 1111' },
        ],
      },
      response: {
        id: 'msg_1',
        type: 'message',
        content: [],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    };
    const r = await cliInProcess(['redact', '--pii'], { stdin: JSON.stringify(rec) + '\n' });
    const out = JSON.parse(r.stdout) as typeof rec;
    const text = out.request.messages[0]!.content;
    expect(text).not.toContain('jane.doe@example.com');
    expect(text).not.toContain('4111 1111 1111 1111');
    expect(out.response.usage).toEqual({ input_tokens: 5, output_tokens: 1 });
  });
});
