import type { TokenCounts } from '../../events/event.js';
import { UnwritableSession } from '../../events/unwritable-session.js';
import { callContent, toolContent } from './message-content.js';
import {
  keyValues,
  SPAN_KIND,
  STATUS_CODE,
  type OtlpSpan,
  type SpanStatus,
  type TracesData,
} from './otlp-json.js';
import { providerOf } from './providers.js';
import type { ModelCall, SessionTrace, ToolRun } from './session-trace.js';
import { spanIdOf, traceIdOf } from './span-ids.js';
import { addTokens, usageAttributes } from './usage-attributes.js';

/** What the OTLP writer is asked for. */
export interface OtlpOptions {
  /** Write prompts, replies, tool inputs and outputs (`--otlp-content`); off by default. */
  readonly content?: boolean;
}

const bigMax = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/**
 * One session as one OTLP trace (a `TracesData`): an `invoke_agent` span for the run, a `chat`
 * span for each model call and an `execute_tool` span for each tool run under it, with the
 * OpenTelemetry GenAI attributes and OpenInference's beside them. Throws `UnwritableSession`
 * for a session with no time on any event (a span needs one).
 */
export function traceOf(s: SessionTrace, options: OtlpOptions): TracesData {
  if (s.start === undefined || s.end === undefined) {
    throw new UnwritableSession(
      s.session,
      `otlp: session ${s.session} has no time on any event, and every span needs one; nothing was written for it`,
    );
  }
  const traceId = traceIdOf(s.session);
  const rootId = spanIdOf(s.session, 'agent', '');
  const common = { 'gen_ai.conversation.id': s.session, 'session.id': s.session };
  const content = options.content === true;
  const spans: OtlpSpan[] = [];

  let total: TokenCounts | undefined;
  const providers = new Set<string>();
  const models = new Set<string>();
  for (const call of s.calls) {
    const provider = providerOf(call.model, s.agent, call.wire);
    if (provider) providers.add(provider.genAi);
    if (call.model) models.add(call.model);
    if (call.tokens) total = addTokens(total, call.tokens);
    spans.push(chatSpan(call, provider, content));
  }
  for (const run of s.tools) spans.push(toolSpan(run, content));
  spans.sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));

  const agentProvider =
    providers.size === 1 ? [...providers][0] : providerOf(undefined, s.agent, undefined)?.genAi;
  const runTokens = total ?? s.sessionTokens;
  const root: OtlpSpan = {
    traceId,
    spanId: rootId,
    name: s.agent ? `invoke_agent ${s.agent}` : 'invoke_agent',
    kind: SPAN_KIND.internal,
    startTimeUnixNano: String(s.start),
    endTimeUnixNano: String(s.end),
    attributes: keyValues({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': agentProvider,
      'gen_ai.agent.name': s.agent,
      'gen_ai.request.model': models.size === 1 ? [...models][0] : undefined,
      ...common,
      // The run's totals in GenAI names only: OpenInference backends add up llm.token_count.* over
      // a trace's spans, and the chat spans already hold them.
      ...(runTokens ? genAiOnly(usageAttributes(runTokens)) : {}),
      'openinference.span.kind': 'AGENT',
      'agent.name': s.agent,
      ...(content
        ? { 'input.value': s.prompts[0], 'output.value': s.answers[s.answers.length - 1] }
        : {}),
    }),
    ...(s.parentSession !== undefined && s.parentCallId !== undefined
      ? {
          links: [
            {
              traceId: traceIdOf(s.parentSession),
              spanId: spanIdOf(s.parentSession, 'tool', s.parentCallId),
              attributes: keyValues({ 'gen_ai.tool.call.id': s.parentCallId }),
            },
          ],
        }
      : {}),
    ...(s.status === 'error' ? { status: { code: STATUS_CODE.error, message: 'error' } } : {}),
  };

  function chatSpan(
    call: ModelCall,
    provider: ReturnType<typeof providerOf>,
    withContent: boolean,
  ): OtlpSpan {
    const first = call.askedAt ?? call.first ?? call.usageAt ?? s.start!;
    const last = call.last ?? call.usageAt ?? first;
    return {
      traceId,
      spanId: spanIdOf(s.session, 'chat', call.key),
      parentSpanId: rootId,
      name: call.model ? `chat ${call.model}` : 'chat',
      kind: SPAN_KIND.client,
      startTimeUnixNano: String(first),
      endTimeUnixNano: String(bigMax(first, last)),
      attributes: keyValues({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': provider?.genAi,
        'gen_ai.request.model': call.model,
        'gen_ai.response.model': call.model,
        'gen_ai.response.id': call.messageId,
        'gen_ai.response.finish_reasons':
          call.stopReasons.length > 0 ? call.stopReasons : undefined,
        ...common,
        ...(call.tokens ? usageAttributes(call.tokens) : {}),
        'openinference.span.kind': 'LLM',
        'llm.model_name': call.model,
        'llm.system': provider?.system,
        'llm.provider': provider?.provider,
        ...(withContent ? callContent(call) : {}),
      }),
    };
  }

  function toolSpan(run: ToolRun, withContent: boolean): OtlpSpan {
    const name = run.name ?? 'unknown';
    const callId = run.callId;
    const status: SpanStatus | undefined = run.failed
      ? {
          code: STATUS_CODE.error,
          message: run.failed === 'interrupted' ? 'interrupted' : 'tool error',
        }
      : undefined;
    return {
      traceId,
      spanId: spanIdOf(s.session, 'tool', run.key),
      parentSpanId: rootId,
      name: `execute_tool ${name}`,
      kind: SPAN_KIND.internal,
      startTimeUnixNano: String(run.start),
      endTimeUnixNano: String(run.end),
      attributes: keyValues({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.call.id': callId,
        'gen_ai.tool.type': 'function',
        ...common,
        'error.type': run.failed,
        'openinference.span.kind': 'TOOL',
        'tool.name': name,
        'tool.id': callId,
        ...(withContent ? toolContent(run) : {}),
      }),
      ...(status ? { status } : {}),
    };
  }

  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues({ 'service.name': s.agent ?? 'txpipe' }) },
        scopeSpans: [{ scope: { name: 'txpipe' }, spans: [root, ...spans] }],
      },
    ],
  };
}

function genAiOnly<T>(attrs: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(attrs)) if (k.startsWith('gen_ai.')) out[k] = v;
  return out;
}
