import { readEnvelope } from './envelope.js';

/** How many `seq` problems are kept per run (the first ones). */
const MAX_SEQ_PROBLEMS = 10;

/** Where a parent run called a child (its `step.call_workflow.started` envelope). */
export interface CallSite {
  readonly path: string;
  readonly seq: number;
}

/** One run in an assembled tree of AWF runs. */
export interface RunNode {
  readonly runId: string;
  /** The file(s) the run's envelopes were read from (none for a run that is only referenced). */
  readonly files: readonly string[];
  /** The run's name (its `run.started` payload), where recorded. */
  readonly name?: string;
  readonly parentRunId?: string;
  /** Where the parent called it. */
  readonly calledAt?: CallSite;
  readonly children: readonly RunNode[];
  /** A child named by `child_run_id` whose file was not found. */
  readonly missing?: boolean;
  /** A run whose `parent_run_id` names a run whose file was not found. */
  readonly parentMissing?: boolean;
  /**
   * What is wrong: a `seq` series that does not count 1, 2, 3, ... in a file (the first 10), a
   * child that names another parent than its caller, a cycle.
   */
  readonly problems?: readonly string[];
}

interface RunFacts {
  readonly runId: string;
  readonly files: string[];
  /** The last `seq` seen in each of its files, and what was wrong with the series. */
  readonly lastSeq: Map<string, number>;
  readonly seqProblems: string[];
  name?: string;
  parentRunId?: string;
  readonly calls: Map<string, CallSite>;
}

/**
 * Gathers the linkage of AWF runs from their envelopes, one at a time, then assembles the tree:
 * parents to children through `child_run_id` (on `step.call_workflow.started`, as the spec's
 * reconstruction does) and, where a parent did not record the call, through the child's
 * `parent_run_id`. Any depth; cycles are cut and reported. Holds a few facts per run, at most
 * `maxRuns` runs.
 */
export class RunLinker {
  private readonly runs = new Map<string, RunFacts>();

  constructor(private readonly maxRuns = 100_000) {}

  /** Takes one parsed line of `file`; values that are not envelopes are ignored. */
  add(value: unknown, file: string): void {
    const env = readEnvelope(value);
    if (typeof env === 'string' || env.run_id === '') return;
    let r = this.runs.get(env.run_id);
    if (!r) {
      if (this.runs.size >= this.maxRuns) {
        throw new RangeError(`more than ${this.maxRuns} AWF runs; raise maxRuns`);
      }
      r = { runId: env.run_id, files: [], calls: new Map(), lastSeq: new Map(), seqProblems: [] };
      this.runs.set(env.run_id, r);
    }
    if (!r.files.includes(file)) r.files.push(file);
    const last = r.lastSeq.get(file) ?? 0;
    if (env.seq !== last + 1 && r.seqProblems.length < MAX_SEQ_PROBLEMS) {
      r.seqProblems.push(`${file}: seq ${env.seq} follows ${last}`);
    }
    r.lastSeq.set(file, Math.max(last, env.seq));
    if (r.parentRunId === undefined && env.parent_run_id) r.parentRunId = env.parent_run_id;
    if (env.type === 'run.started' && r.name === undefined) {
      const p = env.payload as { name?: unknown } | null;
      if (p && typeof p.name === 'string') r.name = p.name;
    }
    if (env.type === 'step.call_workflow.started' && env.child_run_id) {
      if (!r.calls.has(env.child_run_id)) {
        r.calls.set(env.child_run_id, { path: env.path, seq: env.seq });
      }
    }
  }

  /** The assembled trees, one per root run (a run with no parent, or whose parent is absent). */
  trees(): RunNode[] {
    const childOf = new Map<string, string>();
    for (const r of this.runs.values()) {
      for (const child of r.calls.keys()) if (!childOf.has(child)) childOf.set(child, r.runId);
    }
    for (const r of this.runs.values()) {
      if (r.parentRunId && !childOf.has(r.runId) && this.runs.has(r.parentRunId)) {
        childOf.set(r.runId, r.parentRunId);
      }
    }
    const visited = new Set<string>();
    const build = (id: string, seen: ReadonlySet<string>, calledAt?: CallSite): RunNode => {
      visited.add(id);
      const r = this.runs.get(id);
      const caller = childOf.get(id);
      if (!r)
        return { runId: id, files: [], parentRunId: caller, calledAt, children: [], missing: true };
      const problems: string[] = [...r.seqProblems];
      if (caller && r.parentRunId && r.parentRunId !== caller) {
        problems.push(`called by ${caller} but names ${r.parentRunId} as its parent`);
      }
      const next = new Set(seen).add(id);
      const children: RunNode[] = [];
      const kids = new Map(r.calls);
      for (const [child, parent] of childOf) {
        if (parent === id && !kids.has(child)) kids.set(child, { path: '', seq: 0 });
      }
      for (const [child, site] of kids) {
        if (next.has(child)) problems.push(`cycle: ${child} is already an ancestor`);
        else children.push(build(child, next, site.seq > 0 ? site : undefined));
      }
      return {
        runId: id,
        files: r.files,
        ...(r.name !== undefined ? { name: r.name } : {}),
        ...(r.parentRunId ? { parentRunId: r.parentRunId } : {}),
        ...(calledAt ? { calledAt } : {}),
        children,
        ...(r.parentRunId && !this.runs.has(r.parentRunId) ? { parentMissing: true } : {}),
        ...(problems.length > 0 ? { problems } : {}),
      };
    };
    const roots: RunNode[] = [];
    for (const r of this.runs.values()) {
      if (!childOf.has(r.runId)) roots.push(build(r.runId, new Set()));
    }
    // Runs only reachable from each other (a cycle) have no root: each such loop is shown once.
    for (const r of this.runs.values()) {
      if (!visited.has(r.runId)) roots.push(build(r.runId, new Set()));
    }
    return roots;
  }
}
