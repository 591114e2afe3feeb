import { readFileSync } from 'node:fs';
import { Ajv as AjvDraft7 } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { clipMarker } from '../../src/clip/clip-string.js';
import { recordClipper } from '../../src/clip/clip-record.js';
import { clipProfileFor } from '../../src/transforms/clip.js';
import { fixture, spec } from '../shared.js';

const addFormats = addFormatsModule as unknown as (ajv: object) => void;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
type Obj = Record<string, unknown>;

/** The example lines of the Flockdeck spec (section 3), the ground truth for the v2 shape. */
const flockdeckExamples: Obj[] = readFileSync(spec('flockdeck-recording-format.md'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('{"v":2'))
  .map((l) => JSON.parse(l) as Obj);
const example = (type: string): Obj => {
  const found = flockdeckExamples.find((l) => l.type === type);
  if (!found) throw new Error(`no ${type} example in the spec`);
  return found;
};

const flockdeckSchema = (() => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(
    JSON.parse(readFileSync(spec('flockdeck-recording-line.schema.json'), 'utf8')),
  );
})();
const runRecordSchema = (() => {
  const ajv = new AjvDraft7({ allErrors: true, strict: false });
  return ajv.compile(JSON.parse(readFileSync(spec('run-record.schema.json'), 'utf8')));
})();

describe('flockdeck profile (spec section 4)', () => {
  const { clip } = recordClipper(clipProfileFor('flockdeck'), [], 8192);

  it('the spec examples are valid and come back as the same objects', () => {
    expect(flockdeckExamples.length).toBeGreaterThanOrEqual(8);
    for (const line of flockdeckExamples) {
      expect(flockdeckSchema(line), JSON.stringify(flockdeckSchema.errors)).toBe(true);
      expect(clip(line)).toBe(line);
    }
  });

  // [type, field, string bytes, kept bytes]
  const rows: [string, string, number, number][] = [
    ['user_prompt', 'text', 40000, 32768],
    ['assistant_message', 'text', 32769, 32768],
    ['user_prompt', 'text', 32768, 32768],
    ['recording_truncated', 'text', 9000, 8192],
    ['tool_result', 'output', 24576, 8192],
    ['conversation_title', 'title', 9000, 8192],
    ['user_prompt', 'cwd', 10000, 8192],
    ['tool_call', 'gitBranch', 8193, 8192],
  ];
  it.each(rows)('%s %s of %d bytes keeps %d', (type, field, size, kept) => {
    const line = { ...example(type), [field]: 'é'.repeat(size / 2) + (size % 2 ? 'x' : '') };
    const out = clip(line) as Obj;
    expect(flockdeckSchema(out), JSON.stringify(flockdeckSchema.errors)).toBe(true);
    if (size <= kept) {
      expect(out).toBe(line);
      return;
    }
    const text = out[field] as string;
    const removed = size - kept;
    expect(text.endsWith(clipMarker(removed))).toBe(true);
    expect(bytes(text)).toBe(kept + bytes(clipMarker(removed)));
    expect(out.clipped).toEqual({ [field]: size });
    expect(clip(out)).toBe(out); // idempotent: the same object, nothing cut again
  });

  it('cuts every string inside input and gives clipped.input as the input as JSON', () => {
    const input = { command: 'x'.repeat(9000), nested: ['y'.repeat(8192), 'z'.repeat(20000)] };
    const line = { ...example('tool_call'), input };
    const out = clip(line) as Obj & { input: typeof input };
    expect(flockdeckSchema(out), JSON.stringify(flockdeckSchema.errors)).toBe(true);
    expect(out.clipped).toEqual({ input: bytes(JSON.stringify(input)) });
    expect(out.input.command).toBe('x'.repeat(8192) + clipMarker(808));
    expect(out.input.nested[0]).toBe(input.nested[0]);
    expect(out.input.nested[1]).toBe('z'.repeat(8192) + clipMarker(11808));
    expect(line.input.command.length).toBe(9000); // the input record is not mutated
  });

  it('measures an input that is a plain string as JSON too', () => {
    const input = 'say "hi"\n'.repeat(1000);
    const out = clip({ ...example('tool_call'), input }) as Obj;
    expect(out.clipped).toEqual({ input: bytes(JSON.stringify(input)) });
    expect(bytes(JSON.stringify(input))).toBeGreaterThan(bytes(input));
  });

  it('does not cut fields outside the six keys of clipped', () => {
    const line = { ...example('tool_call'), tool: 't'.repeat(20000), model: 'm'.repeat(9000) };
    expect(clip(line)).toBe(line);
  });

  it('keeps an existing clipped entry and adds new ones beside it', () => {
    const line = {
      ...example('tool_result'),
      output: 'o'.repeat(100) + clipMarker(50),
      cwd: 'c'.repeat(9000),
      clipped: { output: 150 },
    };
    const out = clip(line) as Obj;
    expect(out.clipped).toEqual({ output: 150, cwd: 9000 });
    expect(out.output).toBe(line.output);
  });

  it('lets a --field rule change a limit', () => {
    const user = recordClipper(clipProfileFor('flockdeck'), [{ pattern: 'text', limit: 10 }], 8192);
    const out = user.clip({ ...example('user_prompt'), text: 'a'.repeat(11) }) as Obj;
    expect(out.text).toBe('a'.repeat(10) + clipMarker(1));
    expect(user.smallest).toBe(10);
  });
});

describe('claude-code profile', () => {
  const { clip, smallest } = recordClipper(clipProfileFor('claude-code'), [], 8192);
  const entries = readFileSync(fixture('claude-code', 'marot-spotter', 'subagent.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Obj);

  it('gives message texts 32 KiB and tool results, inputs and toolUseResult 8 KiB', () => {
    const text = 't'.repeat(40000);
    const entry = {
      type: 'assistant',
      message: {
        content: [
          { type: 'text', text },
          { type: 'thinking', thinking: text },
          { type: 'tool_use', input: { content: text } },
          { type: 'tool_result', content: [{ type: 'text', text }] },
        ],
      },
      toolUseResult: { stdout: text },
    };
    const out = clip(entry) as { clipped: Obj };
    expect(out.clipped).toEqual({
      'message.content.0.text': 40000,
      'message.content.1.thinking': 40000,
      'message.content.2.input.content': 40000,
      'message.content.3.content.0.text': 40000,
      'toolUseResult.stdout': 40000,
    });
    const kept = (s: string): number => bytes(s.slice(0, s.indexOf('\u2026[clipped')));
    const o = out as unknown as typeof entry;
    expect(kept(o.message.content[0]!.text!)).toBe(32768);
    expect(kept(o.message.content[2]!.input!.content)).toBe(8192);
    expect(kept(o.message.content[3]!.content![0]!.text)).toBe(8192);
    expect(kept(o.toolUseResult.stdout)).toBe(8192);
    expect(smallest).toBe(8192);
    // A prompt's string content is a message text.
    const prompt = clip({ type: 'user', message: { content: text } }) as { clipped: Obj };
    expect(prompt.clipped).toEqual({ 'message.content': 40000 });
  });

  it('on a real session: records with nothing long are the same objects, the rest are cut', () => {
    let cut = 0;
    for (const entry of entries) {
      const out = clip(entry);
      const long = bytes(JSON.stringify(entry)) > 8192;
      if (!long) expect(out).toBe(entry);
      if (out !== entry) {
        cut++;
        const map = (out as { clipped: Record<string, number> }).clipped;
        expect(Object.keys(map).length).toBeGreaterThan(0);
        expect(clip(out)).toBe(out);
      }
    }
    expect(cut).toBeGreaterThan(0);
  });
});

describe('run-record profile', () => {
  const { clip } = recordClipper(clipProfileFor('run-record'), [], 8192);
  const run = JSON.parse(
    readFileSync(fixture('slow-powers', 'record-runs', 'expected', 'run.json'), 'utf8'),
  ) as Obj & { tool_invocations: Obj[] };

  it('cuts tool results at 2 KiB with no map, and stays valid against the schema', () => {
    expect(runRecordSchema(run)).toBe(true);
    expect(clip(run)).toBe(run);
    const long = {
      ...run,
      prompt: 'p'.repeat(40000),
      tool_invocations: [
        ...run.tool_invocations,
        { name: 'Bash', ordinal: 99, result: 'r'.repeat(5000) },
      ],
    };
    const out = clip(long) as typeof long;
    expect(runRecordSchema(out), JSON.stringify(runRecordSchema.errors)).toBe(true);
    expect('clipped' in out).toBe(false);
    expect(out.tool_invocations.at(-1)!.result).toBe('r'.repeat(2048) + clipMarker(2952));
    expect(out.prompt).toBe('p'.repeat(32768) + clipMarker(40000 - 32768));
    expect(clip(out)).toBe(out);
  });
});

describe('generic profile', () => {
  const { clip } = recordClipper(clipProfileFor(undefined), [], 100);
  it('puts a path-keyed map on objects and none on other values', () => {
    expect(clip({ a: [{ b: 'x'.repeat(150) }] })).toEqual({
      a: [{ b: 'x'.repeat(100) + clipMarker(50) }],
      clipped: { 'a.0.b': 150 },
    });
    expect(clip(['x'.repeat(150)])).toEqual(['x'.repeat(100) + clipMarker(50)]);
    expect(clip('x'.repeat(101))).toBe('x'.repeat(100) + clipMarker(1));
    expect(clip(null)).toBe(null);
  });
  it('never clips the clipped map', () => {
    const v = { clipped: { note: 'n'.repeat(500) } };
    expect(clip(v)).toBe(v);
  });
});
