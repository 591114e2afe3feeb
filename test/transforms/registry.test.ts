import { describe, expect, it } from 'vitest';
import { commands } from '../../src/transforms/registry.js';

describe('the command registry', () => {
  it.each(commands.map((c) => [c.name, c] as const))(
    '%s loads a behaviour with stages',
    async (_name, c) => {
      const run = await c.load();
      expect(typeof run.stages).toBe('function');
      expect(await c.load()).toBe(run);
    },
  );

  it('names each command once', () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
