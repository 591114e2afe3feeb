import { describe, expect, it } from 'vitest';
import { mayHoldBinary, omitBinary } from '../../src/clip/omit-binary.js';

const b64 = 'iVBORw0KGgo'.repeat(20);
const vec = [0.1, -0.2, 0.3, 4];

describe('omitBinary', () => {
  // [name, input, expected]
  const rows: [string, unknown, unknown][] = [
    [
      'Anthropic base64 image source',
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64 } },
      {
        type: 'image',
        source: {
          type: 'base64',
          media_type: 'image/png',
          data: { omitted: 'image', bytes: b64.length },
        },
      },
    ],
    [
      'Google inlineData image',
      { parts: [{ inlineData: { mimeType: 'image/jpeg', data: b64 } }] },
      {
        parts: [{ inlineData: { mimeType: 'image/jpeg', data: { omitted: 'image', bytes: 220 } } }],
      },
    ],
    [
      'data: URL',
      { image_url: { url: `data:image/png;base64,${b64}` } },
      { image_url: { url: { omitted: 'image', bytes: 22 + b64.length } } },
    ],
    [
      // Claude Code keeps its own copy of an image a tool read (issue 12, item 12).
      'Claude Code toolUseResult.file.base64',
      {
        type: 'user',
        toolUseResult: { type: 'image', file: { base64: b64, type: 'image/png', originalSize: 9 } },
      },
      {
        type: 'user',
        toolUseResult: {
          type: 'image',
          file: {
            base64: { omitted: 'image', bytes: b64.length },
            type: 'image/png',
            originalSize: 9,
          },
        },
      },
    ],
    [
      'OpenAI embedding',
      { data: [{ embedding: vec, index: 0 }] },
      { data: [{ embedding: { omitted: 'vector', dimensions: 4 }, index: 0 }] },
    ],
    [
      'Google embedding.values and embeddings[].values',
      { embedding: { values: vec }, embeddings: [{ values: vec }] },
      {
        embedding: { values: { omitted: 'vector', dimensions: 4 } },
        embeddings: [{ values: { omitted: 'vector', dimensions: 4 } }],
      },
    ],
  ];
  it.each(rows)('%s', (_name, input, want) => {
    expect(omitBinary(input)).toEqual(want);
    expect(mayHoldBinary(JSON.stringify(input))).toBe(true);
  });

  // Shapes that look close but are not binary data: returned as the same object.
  const keep: [string, unknown][] = [
    ['a PDF document source', { type: 'base64', media_type: 'application/pdf', data: b64 }],
    ['a text data field', { data: 'hello' }],
    ['a mixed array under embedding', { embedding: [1, 'a'] }],
    ['an empty embedding', { embedding: [] }],
    ['values outside an embedding', { values: vec }],
    ['a data URL of text', { url: 'data:text/plain;base64,aGk=' }],
    ['a file copy that is not an image', { file: { base64: b64, type: 'application/pdf' } }],
    ['scalars', 42],
  ];
  it.each(keep)('leaves %s', (_name, input) => expect(omitBinary(input)).toBe(input));
});
