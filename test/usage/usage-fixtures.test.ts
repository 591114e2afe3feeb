import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'usage', name);

// The fixtures made for the usage tests must be what they claim to be: the format detectors (which
// `usage` uses to choose an extractor) must see each as its format, file by file and line by line.
describe('test/fixtures/usage are in the formats they were made from', () => {
  it.each([
    ['flockdeck-v2.jsonl', 'flockdeck'],
    ['auto-swe-session-files.jsonl', 'auto-swe'],
  ])('%s is %s', async (name, format) => {
    const file = await cliInProcess(['detect', own(name)]);
    expect(file.stdout).toBe(`${own(name)}\t${format}\n`);
    const lines = await cliInProcess(['detect', '--lines', own(name)]);
    const formats = new Set(
      lines.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    );
    expect([...formats]).toEqual([format]);
  });
});
