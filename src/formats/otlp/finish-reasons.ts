/**
 * Providers' stop reasons as the GenAI output-message schema's `finish_reason` values (`stop`,
 * `length`, `content_filter`, `tool_call`, `error`). Anthropic: `stop_reason` of the Messages
 * API; OpenAI: `finish_reason` of Chat Completions and Responses' `status`; Gemini:
 * `finishReason`. A reason not listed is written as the provider spelt it.
 * `gen_ai.response.finish_reasons` keeps the provider's own spelling, as instrumentations do.
 */
const FINISH: Readonly<Record<string, string>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_call',
  refusal: 'content_filter',
  stop: 'stop',
  completed: 'stop',
  length: 'length',
  incomplete: 'length',
  tool_calls: 'tool_call',
  function_call: 'tool_call',
  content_filter: 'content_filter',
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
};

/** The schema's finish reason for a provider's stop reason. */
export function finishReason(stopReason: string): string {
  return FINISH[stopReason] ?? stopReason;
}
