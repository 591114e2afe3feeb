// The native pruner against its definition: for any line, status 0 only when JSON.parse reads the
// line, and then the pruned value is exactly the whole value projected onto the paths; status 1
// for every line JSON.parse refuses. Table cases for the grammar's corners, then random JSON
// (written with random spacing, escapes and duplicate keys) and random damage to it.
import { describe, expect, it } from 'vitest';
import { nativeBinding } from '../../src/native/binding.js';
import { jsonPruner, type JsonPruner } from '../../src/stream/json-pruner.js';
import { rng } from '../clip/random.js';

const native = nativeBinding();

describe('the native part', () => {
  it('is built where CI requires it (TXPIPE_REQUIRE_NATIVE=1)', () => {
    if (process.env.TXPIPE_REQUIRE_NATIVE === '1') expect(native).toBeDefined();
    else expect(jsonPruner(['a']) === undefined).toBe(native === undefined);
  });
});

/** A path tree: a member's subtree, or `true` for its whole value. */
type Tree = { [key: string]: Tree | true };

function treeOf(paths: readonly string[]): Tree {
  const root: Tree = {};
  for (const p of paths) {
    let node = root;
    const keys = p.split('.');
    keys.forEach((k, i) => {
      const at = node[k];
      if (at === true) return;
      if (i === keys.length - 1) node[k] = true;
      else node = (node[k] = at ?? {}) as Tree;
    });
  }
  return root;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The definition: the whole value with the members off the paths left out. */
function project(v: unknown, tree: Tree): unknown {
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const sub = Object.hasOwn(tree, k) ? tree[k] : undefined;
    if (sub === undefined) continue;
    Object.defineProperty(out, k, {
      value: sub === true ? x : project(x, sub),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Prunes lines (one buffer, as a file is read): values and statuses. */
function pruneAll(pruner: JsonPruner, lines: readonly (string | Buffer)[]) {
  const parts = lines.map((l) => (typeof l === 'string' ? Buffer.from(l) : l));
  const buf = Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')]));
  const ranges = new Int32Array(2 * parts.length);
  let at = 0;
  parts.forEach((p, i) => {
    ranges[2 * i] = at;
    ranges[2 * i + 1] = at + p.length;
    at += p.length + 1;
  });
  return pruner.prune(buf, ranges, parts.length);
}

/** Checks the definition on each line; returns the statuses. */
function checkLines(paths: readonly string[], lines: readonly (string | Buffer)[]): number[] {
  const pruner = jsonPruner(paths) as JsonPruner;
  const tree = treeOf(paths);
  const { values, status } = pruneAll(pruner, lines);
  lines.forEach((l, i) => {
    // What the reader decodes: a string's lone surrogate is written (and read) as U+FFFD.
    const text = (typeof l === 'string' ? Buffer.from(l) : l).toString('utf8');
    if (!parses(text)) {
      expect(status[i], `not JSON, yet pruned: ${text}`).toBe(1);
      return;
    }
    if (status[i] === 0) expect(values[i], text).toStrictEqual(project(JSON.parse(text), tree));
  });
  return [...status];
}

const PATHS = ['type', 'message.id', 'message.usage', 'data.message.usage.output_tokens'];

describe.runIf(native)('prune: table', () => {
  const ok: Record<string, string> = {
    'members off the paths left out':
      '{"type":"a","x":[1,{"type":2}],"message":{"id":"m","c":"d"}}',
    'a path value of any kind, whole': '{"message":{"usage":[1,{"a":null}],"id":{"deep":true}}}',
    'a non-object on an object path, whole': '{"message":"text","data":[{"message":1}]}',
    'duplicate keys: the last wins, as in JSON.parse':
      '{"type":1,"message":{"id":"a"},"type":2,"message":{"usage":3}}',
    'spacing everywhere': ' \t{ "type" : "a" , "message" :\r{ "id" :\t"m" } }\r ',
    'escapes and multibyte text in values': '{"type":"a\\"b\\\\c\\u00e9\\n😀","x":"\\ud800"}',
    'numbers of every form': '{"type":-0,"message":{"usage":[0,-1,1.5,1e400,-2E-3,10e+2]}}',
    'deep nesting off the paths': `{"x":${'['.repeat(300)}${']'.repeat(300)},"type":1}`,
    'an empty object and array': '{"message":{},"data":[],"type":{}}',
    'a line that is not an object': '[{"type":1},2]',
    'a string line': '"type"',
    'a number line': '-12.5e3',
    literals: '{"type":true,"message":{"id":false,"usage":null}}',
    'DEL and other high bytes in strings': '{"type":"a\u007fb\u0080c"}',
    '__proto__ on a path object': '{"message":{"__proto__":{"id":1},"id":2}}',
    'an escaped key off the paths': '{"x":{"\\u0074ype":1},"type":2}',
  };
  it.each(Object.entries(ok))('%s: pruned', (_name, line) => {
    expect(checkLines(PATHS, [line])).toEqual([0]);
  });

  const bad: Record<string, string | Buffer> = {
    empty: '',
    'only spaces': '   ',
    'a BOM before the value': '\uFEFF{"type":1}',
    'a cut-off object': '{"type":"a","message":{"id":"m"',
    'a cut-off string': '{"type":"abc',
    'a trailing comma': '{"type":1,}',
    'a trailing comma in an array': '{"x":[1,2,],"type":1}',
    'two values': '{"type":1} {"type":2}',
    'a raw control character in a string': '{"type":"a\u0001b"}',
    'a raw tab in a string': '{"type":"a\tb"}',
    'a bad escape': '{"type":"\\x41"}',
    'a short \\u escape': '{"type":"\\u12"}',
    'a non-hex \\u escape': '{"x":"\\u12G4","type":1}',
    'a leading zero': '{"type":01}',
    'a bare minus': '{"type":-}',
    'a dot without digits': '{"type":1.}',
    'an exponent without digits': '{"type":1e}',
    'a plus sign': '{"type":+1}',
    NaN: '{"type":NaN}',
    'single quotes': "{'type':1}",
    'an unquoted key': '{type:1}',
    'a missing colon': '{"type" 1}',
    'a literal misspelt': '{"type":tru}',
    'a high byte outside strings': Buffer.from([0x7b, 0x80, 0x7d]),
    'a form feed as space': '{\f"type":1}',
    'a non-breaking space as space': '{\u00a0"type":1}',
  };
  it.each(Object.entries(bad))('%s: left to JSON.parse', (_name, line) => {
    expect(checkLines(PATHS, [line])).toEqual([1]);
  });

  it('leaves a line with an escaped key on a path object to JSON.parse, which is right', () => {
    expect(checkLines(PATHS, ['{"\\u0074ype":"spelt with an escape"}'])).toEqual([1]);
    expect(checkLines(PATHS, ['{"message":{"\\u0069d":1}}'])).toEqual([1]);
  });

  it('leaves nesting over 512 levels to JSON.parse', () => {
    expect(checkLines(PATHS, [`{"x":${'['.repeat(600)}${']'.repeat(600)}}`])).toEqual([1]);
  });

  it('copies invalid UTF-8 in a string as it is (decoding gives the same U+FFFD)', () => {
    const line = Buffer.concat([
      Buffer.from('{"type":"a'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('","message":{"id":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    expect(checkLines(PATHS, [line])).toEqual([0]);
  });

  it('a path that is a prefix of another takes the whole value', () => {
    expect(checkLines(['message', 'message.id'], ['{"message":{"id":1,"usage":2},"x":3}'])).toEqual(
      [0],
    );
  });

  it('rejects what cannot be a pruner or a batch', () => {
    const n = native!;
    expect(() => n.createPruner('type' as never)).toThrow(/paths must be an array/);
    expect(() => n.createPruner([''])).toThrow(/path is empty/);
    const p = n.createPruner(['a']);
    const buf = Buffer.from('{"a":1}');
    expect(() => n.prune(buf, new Int32Array([0, 99]), 1, p, new Uint8Array(1))).toThrow(
      /outside buf/,
    );
    expect(() => n.prune(buf, new Int32Array([0, 7]), 2, p, new Uint8Array(2))).toThrow(
      /count must fit/,
    );
    expect(() => n.prune(buf, new Int32Array([0, 7]), 1, {} as never, new Uint8Array(1))).toThrow(
      /createPruner/,
    );
  });
});

// Random JSON: keys from a small vocabulary that holds the paths' keys (so paths are hit, missed,
// repeated and nested in every way), values of every kind, written with random spacing.
const KEYS = ['type', 'message', 'id', 'usage', 'data', 'output_tokens', 'x', 'é', ''];
const SPACE = ['', '', '', ' ', '\t', '\r', '  \n'];

function randomJson(next: () => number, depth: number): string {
  const sp = () => SPACE[Math.floor(next() * SPACE.length)]!;
  const r = next();
  if (depth > 4 || r < 0.35) return scalar(next);
  const n = Math.floor(next() * 5);
  const items: string[] = [];
  if (r < 0.8) {
    for (let i = 0; i < n; i++) {
      const key = KEYS[Math.floor(next() * KEYS.length)]!;
      items.push(
        `${sp()}${JSON.stringify(key)}${sp()}:${sp()}${randomJson(next, depth + 1)}${sp()}`,
      );
    }
    return `{${items.join(',')}${n === 0 ? sp() : ''}}`;
  }
  for (let i = 0; i < n; i++) items.push(`${sp()}${randomJson(next, depth + 1)}${sp()}`);
  return `[${items.join(',')}${n === 0 ? sp() : ''}]`;
}

const SCALARS = ['0', '-0', '12', '-3.25', '1e5', '2E-2', '1e400', 'true', 'false', 'null'];
const STRINGS = [
  '',
  'a',
  'é✓😀',
  'a\\"b',
  '\\\\',
  '\\u00e9\\ud83d\\ude00',
  '\\n\\t\\/\\b\\f\\r',
  'usage\\"',
];

function scalar(next: () => number): string {
  if (next() < 0.5) return SCALARS[Math.floor(next() * SCALARS.length)]!;
  let s = '';
  for (let i = Math.floor(next() * 3); i >= 0; i--)
    s += STRINGS[Math.floor(next() * STRINGS.length)]!;
  return `"${s}"`;
}

/** One random change: a byte deleted, inserted or replaced, or the line cut. */
function damage(next: () => number, line: string): string {
  const at = Math.floor(next() * (line.length + 1));
  const ch = '{}[]",:\\ 0a-e.\u0001tfn'[Math.floor(next() * 19)]!;
  switch (Math.floor(next() * 4)) {
    case 0:
      return line.slice(0, at) + line.slice(at + 1);
    case 1:
      return line.slice(0, at) + ch + line.slice(at);
    case 2:
      return line.slice(0, at) + ch + line.slice(at + 1);
    default:
      return line.slice(0, at);
  }
}

describe.runIf(native)('prune: random lines', () => {
  it('prunes random JSON exactly as projected, and every line of it', () => {
    const next = rng(5);
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(randomJson(next, 0));
    const status = checkLines(PATHS, lines);
    // Keys here have no escapes and nesting is shallow: every line is pruned.
    expect(lines.filter((_l, i) => status[i] !== 0)).toEqual([]);
  });

  it('never prunes a damaged line JSON.parse refuses, and prunes the rest as projected', () => {
    const next = rng(9);
    const lines: string[] = [];
    for (let i = 0; i < 4000; i++) {
      let line = randomJson(next, 0);
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) line = damage(next, line);
      lines.push(line);
    }
    const status = checkLines(PATHS, lines);
    const refused = lines.filter((l) => !parses(l)).length;
    expect(refused).toBeGreaterThan(1000); // the damage mostly breaks lines...
    expect(status.filter((s) => s === 0).length).toBeGreaterThan(500); // ...not all of them
  });

  it('prunes a batch in one buffer as it prunes each line alone', () => {
    const next = rng(21);
    const lines = Array.from({ length: 200 }, () => randomJson(next, 0));
    const pruner = jsonPruner(PATHS) as JsonPruner;
    const batch = pruneAll(pruner, lines);
    const alone = lines.map((l) => pruneAll(pruner, [l]).values[0]);
    expect(batch.values).toStrictEqual(alone);
  });
});
