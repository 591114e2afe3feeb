import type { Event } from '../../events/event.js';
import { finishReason } from './finish-reasons.js';
import type { ModelCall, ToolRun } from './session-trace.js';

type Attrs = Record<string, string | undefined>;

/** A tool's input or output as attribute text: a string as it is, anything else as JSON. */
export function asText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** An input event as a message of the GenAI input-messages schema, or undefined. */
function inputMessage(ev: Event): { role: string; parts: unknown[] } | undefined {
  if (ev.kind === 'user_message')
    return { role: 'user', parts: [{ type: 'text', content: ev.text }] };
  if (ev.kind === 'tool_result') {
    return {
      role: 'tool',
      parts: [{ type: 'tool_call_response', id: ev.callId ?? null, response: ev.output }],
    };
  }
  return undefined;
}

/** A call's events as parts of the GenAI output-messages schema. */
function outputParts(events: readonly Event[]): unknown[] {
  const parts: unknown[] = [];
  for (const ev of events) {
    if (ev.kind === 'assistant_message') parts.push({ type: 'text', content: ev.text });
    else if (ev.kind === 'thinking' && !ev.redacted)
      parts.push({ type: 'reasoning', content: ev.text });
    else if (ev.kind === 'tool_call') {
      parts.push({ type: 'tool_call', id: ev.callId ?? null, name: ev.name, arguments: ev.input });
    }
  }
  return parts;
}

/**
 * A model call's messages (written only with `--otlp-content`): `gen_ai.input.messages` (the
 * user and tool messages given since the call before it, not the whole history again) and
 * `gen_ai.output.messages` as JSON text of the GenAI message schemas, and OpenInference's
 * flattened `llm.input_messages.*` / `llm.output_messages.*`, `input.value`, `output.value`.
 */
export function callContent(call: ModelCall): Attrs {
  const inputs = call.inputs.map(inputMessage).filter((m) => m !== undefined);
  const stop = call.stopReasons[call.stopReasons.length - 1];
  const output = {
    role: 'assistant',
    parts: outputParts(call.outputs),
    finish_reason: stop === undefined ? 'stop' : finishReason(stop),
  };
  const a: Attrs = {
    'gen_ai.input.messages': JSON.stringify(inputs),
    'gen_ai.output.messages': JSON.stringify([output]),
    'input.value': JSON.stringify(inputs),
    'input.mime_type': 'application/json',
  };
  call.inputs.forEach((ev, i) => {
    const p = `llm.input_messages.${i}.message.`;
    if (ev.kind === 'user_message') {
      a[`${p}role`] = 'user';
      a[`${p}content`] = ev.text;
    } else if (ev.kind === 'tool_result') {
      a[`${p}role`] = 'tool';
      a[`${p}content`] = asText(ev.output);
      a[`${p}tool_call_id`] = ev.callId;
    }
  });
  const texts = call.outputs.flatMap((ev) => (ev.kind === 'assistant_message' ? [ev.text] : []));
  const p = 'llm.output_messages.0.message.';
  a[`${p}role`] = 'assistant';
  if (texts.length > 0) a[`${p}content`] = texts.join('\n');
  let j = 0;
  for (const ev of call.outputs) {
    if (ev.kind !== 'tool_call') continue;
    const q = `${p}tool_calls.${j++}.tool_call.`;
    a[`${q}id`] = ev.callId;
    a[`${q}function.name`] = ev.name;
    a[`${q}function.arguments`] = asText(ev.input);
  }
  a['output.value'] = texts.join('\n');
  a['output.mime_type'] = 'text/plain';
  return a;
}

/** A tool run's arguments and result (with `--otlp-content`): GenAI and OpenInference names. */
export function toolContent(run: ToolRun): Attrs {
  const args = run.call ? asText(run.call.input) : undefined;
  const result = run.result ? asText(run.result.output) : undefined;
  return {
    'gen_ai.tool.call.arguments': args,
    'gen_ai.tool.call.result': result,
    'input.value': args,
    'output.value': result,
  };
}
