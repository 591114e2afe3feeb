import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunLinker, type RunNode } from '../../src/formats/awf/run-linker.js';
import { awfTree, readAwfTree } from '../../src/transforms/awf-tree.js';
import type { Rec } from '../../src/stream/rec.js';
import { collect } from '../helpers.js';
import { repoRoot } from '../shared.js';
import { cli, ensureBuilt } from '../formats/awf/helpers.js';

// test/fixtures/awf/runs: a parent, two children and a grandchild at depth 2 below the folder,
// written from the AWF spec (see test/fixtures/awf/README.md).
const runs = `${repoRoot}/test/fixtures/awf/runs`;
const P = '550e8400-e29b-41d4-a716-446655440000';
const C1 = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const C2 = '7a2d3c8f-4e5b-4d6c-8f9a-1b2c3d4e5f60';
const G = '8b3e4d90-5f6c-4e7d-9a0b-2c3d4e5f6071';

/** A tree as nested [runId, children] pairs. */
const shape = (n: RunNode): unknown => [n.runId, n.children.map(shape)];

const env = (seq: number, run: string, type: string, extra: Record<string, unknown> = {}) => ({
  seq,
  run_id: run,
  type,
  path: '',
  iteration: 0,
  timestamp: '2026-01-01T00:00:00Z',
  payload: null,
  ...extra,
});

beforeAll(ensureBuilt);

describe('AWF run tree', () => {
  it('assembles parent, children and grandchild from a directory, at any depth', async () => {
    const trees = await readAwfTree(runs);
    expect(trees.map(shape)).toEqual([
      [
        P,
        [
          [C1, [[G, []]]],
          [C2, []],
        ],
      ],
    ]);
    const c1 = trees[0]!.children[0]!;
    expect(c1).toMatchObject({ name: 'fix', parentRunId: P, calledAt: { path: 'fix', seq: 11 } });
    expect(c1.files[0]).toMatch(/children\/6f1c/);
    expect(c1.children[0]!.files[0]).toMatch(/children\/nested\/8b3e/);
    expect(trees[0]!.problems).toBeUndefined();
  });

  it('marks a missing child, an absent parent, disagreeing linkage and cycles', () => {
    const l = new RunLinker();
    l.add(env(1, 'a', 'step.call_workflow.started', { child_run_id: 'gone' }), 'a.jsonl');
    l.add(env(1, 'orphan', 'run.started', { parent_run_id: 'nowhere' }), 'o.jsonl');
    l.add(env(2, 'a', 'step.call_workflow.started', { child_run_id: 'b' }), 'a.jsonl');
    l.add(env(1, 'b', 'run.started', { parent_run_id: 'x' }), 'b.jsonl');
    l.add(env(1, 'c1', 'step.call_workflow.started', { child_run_id: 'c2' }), 'c1.jsonl');
    l.add(env(1, 'c2', 'step.call_workflow.started', { child_run_id: 'c1' }), 'c2.jsonl');
    l.add(env(1, 'late', 'run.started', { parent_run_id: 'a' }), 'late.jsonl');
    l.add('not an envelope', 'junk.jsonl');
    const trees = l.trees();
    expect(trees.map(shape)).toEqual([
      [
        'a',
        [
          ['gone', []],
          ['b', []],
          ['late', []],
        ],
      ],
      ['orphan', []],
      ['c1', [['c2', []]]],
    ]);
    const [a, orphan, c1] = trees as [RunNode, RunNode, RunNode];
    expect(a.children[0]).toMatchObject({ missing: true, files: [] });
    expect(a.children[1]!.problems).toEqual(['called by a but names x as its parent']);
    expect(a.children[2]!.calledAt).toBeUndefined(); // linked by its parent_run_id only
    expect(orphan.parentMissing).toBe(true);
    expect(c1.children[0]!.problems).toEqual(['cycle: c1 is already an ancestor']);
  });

  it('reports a seq series that does not count from 1 by 1, per file', () => {
    const l = new RunLinker();
    for (const seq of [1, 2, 4, 4, 5]) l.add(env(seq, 'r', 'run.started'), 'r.jsonl');
    l.add(env(2, 'r', 'run.completed'), 'other.jsonl');
    expect(l.trees()[0]!.problems).toEqual([
      'r.jsonl: seq 4 follows 2',
      'r.jsonl: seq 4 follows 4',
      'other.jsonl: seq 2 follows 0',
    ]);
  });

  it('holds at most maxRuns runs', () => {
    const l = new RunLinker(1);
    l.add(env(1, 'a', 'run.started'), 'a');
    expect(() => l.add(env(1, 'b', 'run.started'), 'b')).toThrow(/more than 1 AWF runs/);
    expect(() => awfTree({ maxRuns: 0 })).toThrow(/maxRuns/);
  });

  it('the stage writes one record per root', async () => {
    const recs: Rec[] = [
      {
        raw: '',
        value: env(1, 'p', 'step.call_workflow.started', { child_run_id: 'k' }),
        line: 1,
        source: 'p',
      },
      { raw: 'x', line: 2, source: 'p', invalid: 'malformed' },
      { raw: '', value: env(1, 'k', 'run.started', { parent_run_id: 'p' }), line: 1, source: 'k' },
    ];
    const out = await collect<Rec>(Readable.from(recs).pipe(awfTree()));
    expect(out.map((r) => shape(r.value as RunNode))).toEqual([['p', [['k', []]]]]);
  });

  it('the CLI prints the tree of a directory', async () => {
    const { stdout, code } = await cli(['awf-tree', runs]);
    expect(code).toBe(0);
    const trees = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RunNode);
    expect(trees.map(shape)).toEqual([
      [
        P,
        [
          [C1, [[G, []]]],
          [C2, []],
        ],
      ],
    ]);
  });
});
