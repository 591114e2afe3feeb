import { writeFileSync } from 'node:fs';
import { outputError } from '../../stream/input.js';
import type { Event } from '../../events/event.js';
import { TxpipeError, badOption } from '../../stream/errors.js';
import { withDefaults } from '../../stream/options.js';
import { RawJsonBytes, type EncodeOptions, type Encoder } from '../adapter.js';
import { clipString } from '../../clip/clip-string.js';
import { readRunnerConversation } from './runner-conversation.js';
import { Totals, sumTotals } from './totals.js';
import { HeldText } from '../../stream/held-text.js';
import {
  holdCall,
  holdResult,
  toolArgs,
  toolResult,
  recordBytes,
  type Tool,
} from './held-tools.js';

/** Options of `--to run-record` (flags of the same names on `convert`). */
export interface RunRecordOptions {
  /** `eval_id`; default: the session id. */
  readonly evalId?: string;
  /** `prompt`; default: the first user prompt of the transcript. */
  readonly prompt?: string;
  /** `condition`; default `with_skill` when a skill path is given, else `without_skill`. */
  readonly condition?: string;
  /** `skill_path`; default null (no skill). */
  readonly skillPath?: string | null;
  /**
   * `files`; default []. (Not `files`: the CLI's positional input list already has that name,
   * so the flag is `--fixture-files`.)
   */
  readonly fixtureFiles?: readonly string[];
  /** `run_index` (1-based); absent unless given. */
  readonly runIndex?: number;
  /** Include the `conversation` object (user, assistant and tool events with rounds). */
  readonly conversation?: boolean;
  /** Write the sibling timing record `{total_tokens, duration_ms, source}` to this file. */
  readonly timing?: string;
  /** Every input file is one round of a single run (eval multi-turn): one record for all. */
  readonly rounds?: boolean;
  /**
   * An eval runner's conversation record (eval-magic conversation.json): the record's
   * conversation, prompt, final message and tool invocations come from it (see
   * runner-conversation.ts); tokens and time still from the transcripts.
   */
  readonly conversationFile?: string;
  /** A tool result longer than this (UTF-8 bytes) is clipped with the clip marker. */
  readonly resultBytes?: number;
  /** Most sessions held until the end of input. */
  readonly maxSessions?: number;
  /**
   * Bytes of tool arguments and results (as JSON text) held in memory; past them, the rest is
   * held in a temporary file until the end of input (default 4 MiB).
   */
  readonly heldBytes?: number;
}

export const runRecordDefaults = Object.freeze({
  skillPath: null as string | null,
  fixtureFiles: [] as readonly string[],
  conversation: false,
  rounds: false,
  resultBytes: 2048,
  maxSessions: 10_000,
  heldBytes: 4 << 20,
});

type ConvEvent =
  | { type: 'user_message' | 'assistant_message'; ordinal: number; round: number; text: string }
  | { type: 'tool_invocation'; ordinal: number; round: number; tool: Tool };

interface Run {
  session: string;
  prompt?: string;
  tools: Tool[];
  calls: Map<string, Tool>;
  /** Every conversation event, when the record shows the conversation. */
  conv: ConvEvent[];
  /**
   * Otherwise only what the final message is chosen from, per round: the last assistant text
   * that says something and the last one (a session's texts are not held to the end).
   */
  finals: Map<number, { said?: string; last: string }>;
  prompts: number;
  /** One per input file, in order: tokens and time are summed over them. */
  parts: Map<string, { totals: Totals; round: number; endText?: string; lastText?: string }>;
}

/** Tool output as text: strings as they are, text blocks joined, anything else as JSON. */
export function resultText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (
    Array.isArray(output) &&
    output.every((b) => typeof b?.text === 'string' || typeof b === 'string')
  ) {
    return output.map((b) => (typeof b === 'string' ? b : (b as { text: string }).text)).join('\n');
  }
  return JSON.stringify(output ?? null);
}

/** Keeps an assistant text of `round` among the candidates for the final message. */
function heldFinal(run: Run, round: number, text: string): void {
  const f = run.finals.get(round);
  const said = text.trim() !== '' ? text : f?.said;
  run.finals.set(round, said === undefined ? { last: text } : { said, last: text });
}

/**
 * The assistant messages the final message is chosen from, by round, in the order they came:
 * the last that says something, then the last if it is another (a blank one), as the whole
 * conversation would give them to the choice in `record`.
 */
function finalCandidates(run: Run): ConvEvent[] {
  const out: ConvEvent[] = [];
  for (const [round, f] of [...run.finals].sort((a, b) => a[0] - b[0])) {
    if (f.said !== undefined)
      out.push({ type: 'assistant_message', ordinal: 0, round, text: f.said });
    if (f.last !== f.said) out.push({ type: 'assistant_message', ordinal: 0, round, text: f.last });
  }
  return out;
}

const NO_TOOLS = '"tool_invocations":[]';

/**
 * A record's JSON with its (empty) tool list filled in by `fill`, given the text before and after
 * the list. The first `"tool_invocations"` is the record's own: only strings come before it,
 * whose quotes are escaped.
 */
function withTools(text: string, fill: (head: string, tail: string) => Buffer): Buffer {
  const i = text.indexOf(NO_TOOLS);
  return fill(text.slice(0, i + NO_TOOLS.length - 2), text.slice(i + NO_TOOLS.length));
}

/** Canonical events -> one Portable Run Record per session (shared/specs/run-record.schema.json). */
export function runRecordEncoder(options: EncodeOptions = {}): Encoder {
  const o = withDefaults(runRecordDefaults, options as RunRecordOptions);
  if (o.runIndex !== undefined && (!Number.isInteger(o.runIndex) || o.runIndex < 1)) {
    badOption('runIndex must be an integer of 1 or more');
  }
  if (!Array.isArray(o.fixtureFiles) || !o.fixtureFiles.every((f) => typeof f === 'string')) {
    badOption('fixtureFiles must be a list of paths');
  }
  if (!Number.isInteger(o.resultBytes) || o.resultBytes < 1) {
    badOption('resultBytes must be a positive integer');
  }
  if (!(o.heldBytes >= 0)) badOption('heldBytes must be 0 or more');
  const held = new HeldText(o.heldBytes);
  const runner =
    o.conversationFile !== undefined ? readRunnerConversation(o.conversationFile) : undefined;
  const runs = new Map<string, Run>();
  const keepConv = o.conversation && runner === undefined;

  const runOf = (ev: Event): Run => {
    const key = o.rounds ? '' : ev.session;
    let run = runs.get(key);
    if (!run) {
      if (runs.size >= o.maxSessions) {
        throw new TxpipeError('ERR_TXPIPE_LIMIT', `more than ${o.maxSessions} sessions`, {
          source: ev.origin.source,
          line: ev.origin.line,
        });
      }
      run = {
        session: ev.session,
        tools: [],
        calls: new Map(),
        conv: [],
        finals: new Map(),
        prompts: 0,
        parts: new Map(),
      };
      runs.set(key, run);
    }
    return run;
  };

  const record = (run: Run): Record<string, unknown> => {
    // A segment's completion text (stream-json `result`) is its last assistant message when the
    // transcript did not already end with that text.
    const conv = keepConv ? [...run.conv] : finalCandidates(run);
    for (const p of run.parts.values()) {
      if (p.endText !== undefined && p.endText !== p.lastText) {
        conv.push({ type: 'assistant_message', ordinal: 0, round: p.round, text: p.endText });
      }
    }
    conv.sort((a, b) => a.round - b.round); // stable: keeps order within a round
    conv.forEach((e, i) => (e.ordinal = i));
    // The last assistant text that says something; a whitespace-only block (real sessions end
    // replies with '\n\n') is the final message only when there is no other.
    let finalMessage = '';
    for (const e of conv) {
      if (e.type === 'assistant_message' && (e.text.trim() !== '' || finalMessage.trim() === '')) {
        finalMessage = e.text;
      }
    }
    const { tokens, durationMs } = sumTotals([...run.parts.values()].map((p) => p.totals));
    const rec: Record<string, unknown> = {
      eval_id: o.evalId ?? run.session,
      condition: o.condition ?? (o.skillPath ? 'with_skill' : 'without_skill'),
      skill_path: o.skillPath ?? null,
      prompt: o.prompt ?? runner?.prompt ?? run.prompt ?? '',
      files: [...o.fixtureFiles],
      final_message: runner?.finalMessage ?? finalMessage,
      // Made from the held text when the record is written (`toolsJson`).
      tool_invocations: runner ? runner.tools : [],
      total_tokens: tokens,
      duration_ms: durationMs,
    };
    if (o.runIndex !== undefined) rec.run_index = o.runIndex;
    const rounds = Math.max(1, ...conv.map((e) => e.round));
    // The schema wants at least two events; a shorter run has no conversation to show.
    if (runner) rec.conversation = runner.conversation;
    else if (o.conversation && conv.length >= 2) {
      rec.conversation = {
        status: 'completed',
        delivered_followups: rounds - 1,
        events: conv.map((e) =>
          e.type === 'tool_invocation'
            ? {
                type: e.type,
                ordinal: e.ordinal,
                round: e.round,
                name: e.tool.name,
                args: toolArgs(held, e.tool),
                ...(e.tool.resultAt >= 0 ? { result: toolResult(held, e.tool) } : {}),
              }
            : { type: e.type, ordinal: e.ordinal, round: e.round, text: e.text },
        ),
      };
    }
    return rec;
  };

  return {
    holdsUntilEnd: true,
    close: () => held.close(),
    encode(ev) {
      const run = runOf(ev);
      const source = ev.origin.source;
      let part = run.parts.get(source);
      if (!part) {
        part = { totals: new Totals(), round: run.parts.size + 1 };
        run.parts.set(source, part);
      }
      part.totals.add(ev);
      const round = o.rounds ? part.round : Math.max(1, run.prompts);
      switch (ev.kind) {
        case 'user_message':
          // Prompts and interrupts are the user's; meta and command entries are the agent's own.
          if (ev.role === 'meta' || ev.role === 'command') break;
          if (ev.role !== 'interrupt') {
            run.prompts++;
            run.prompt ??= ev.text;
          }
          if (keepConv)
            run.conv.push({
              type: 'user_message',
              ordinal: 0,
              round: o.rounds ? part.round : Math.max(1, run.prompts),
              text: ev.text,
            });
          break;
        case 'assistant_message':
          if (ev.text === '') break;
          part.lastText = ev.text;
          if (keepConv)
            run.conv.push({ type: 'assistant_message', ordinal: 0, round, text: ev.text });
          else heldFinal(run, round, ev.text);
          break;
        case 'tool_call': {
          const tool = holdCall(held, ev.name, ev.input, run.tools.length);
          run.tools.push(tool);
          if (ev.callId !== undefined) run.calls.set(ev.callId, tool);
          if (keepConv) run.conv.push({ type: 'tool_invocation', ordinal: 0, round, tool });
          break;
        }
        case 'tool_result': {
          const tool = ev.callId !== undefined ? run.calls.get(ev.callId) : undefined;
          if (tool) holdResult(held, tool, clipString(resultText(ev.output), o.resultBytes).text);
          break;
        }
        case 'session_end':
          if (ev.text !== undefined) part.endText = ev.text;
          break;
      }
      return [];
    },
    *end() {
      // A session with nothing of a run (no message, no tool call, no tokens: a file's stray
      // snapshot entries under their own session id) gets no record. Records are made one at a
      // time, each session let go as its record is given.
      // A record's tool calls are written from their held text, never parsed (RawJsonBytes, whose
      // value is parsed only if a later stage asks for it).
      const timing: { total_tokens: unknown; duration_ms: unknown; source: string }[] = [];
      try {
        for (const [key, run] of runs) {
          runs.delete(key);
          const r = record(run);
          if (
            r.prompt === '' &&
            r.final_message === '' &&
            (runner ? runner.tools : run.tools).length === 0 &&
            r.total_tokens === null
          ) {
            continue;
          }
          timing.push({
            total_tokens: r.total_tokens,
            duration_ms: r.duration_ms,
            source: 'transcript',
          });
          yield runner
            ? r
            : new RawJsonBytes(
                withTools(JSON.stringify(r), (head, tail) =>
                  recordBytes(held, head, run.tools, tail),
                ),
              );
        }
      } finally {
        held.close();
      }
      if (o.timing !== undefined) {
        try {
          writeFileSync(
            o.timing,
            timing.length === 1
              ? `${JSON.stringify(timing[0], null, 2)}\n`
              : timing.map((t) => `${JSON.stringify(t)}\n`).join(''),
          );
        } catch (err) {
          throw outputError(err, o.timing);
        }
      }
    },
  };
}
