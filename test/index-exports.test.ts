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

  it('lists every command once', () => {
    const names = api.commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['cat', 'detect']));
    expect(api.getCommand('cat')?.name).toBe('cat');
    expect(api.getCommand('no-such-command')).toBeUndefined();
  });
});
