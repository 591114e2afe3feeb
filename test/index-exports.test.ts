import { Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

// The public barrel (src/index.ts) gives the streaming core's factories, each building a native
// Transform (DESIGN §6: lower-case factories returning native streams).
describe('public API', () => {
  it.each([
    ['lines', () => api.lines()],
    ['parse', () => api.parse()],
    ['stringify', () => api.stringify()],
    ['recordTransform', () => api.recordTransform((r) => r)],
    ['cat', () => api.cat()],
    ['detect', () => api.detect()],
  ])('%s() is a native Transform', (_name, make) => {
    expect(make()).toBeInstanceOf(Transform);
  });
});

// Which names each entry exports, and that docs/api.md lists them: test/package/api-docs.test.ts.
describe('internal helpers are not exported', () => {
  it.each(['parseLine', 'recText', 'BoundedMap', 'readOrReject', 'usageFormats', 'StageDriver'])(
    '%s',
    (name) => {
      expect(api).not.toHaveProperty(name);
    },
  );
});
