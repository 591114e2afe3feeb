/**
 * AWF's closed vocabularies (shared/specs/awf-transcript-schema.md, "Event Types", "ContentBlock",
 * "Fidelity"). Writers emit only these values; readers keep anything else as an unknown.
 */
export const AWF_EVENT_TYPES = [
  'run.started',
  'run.completed',
  'step.started',
  'step.completed',
  'step.call_workflow.started',
  'step.call_workflow.completed',
  'message.user',
  'message.assistant',
  'tool.call',
  'tool.result',
] as const;

export type AwfEventType = (typeof AWF_EVENT_TYPES)[number];

export const AWF_BLOCK_TYPES = [
  'text',
  'thinking',
  'tool_use',
  'tool_result',
  'command',
  'stream',
] as const;

export type AwfBlockType = (typeof AWF_BLOCK_TYPES)[number];

export const AWF_FIDELITIES = ['router', 'agent_emitted'] as const;

export type AwfFidelity = (typeof AWF_FIDELITIES)[number];

const eventTypes: ReadonlySet<string> = new Set(AWF_EVENT_TYPES);
const blockTypes: ReadonlySet<string> = new Set(AWF_BLOCK_TYPES);

export function isAwfEventType(type: unknown): type is AwfEventType {
  return typeof type === 'string' && eventTypes.has(type);
}

export function isAwfBlockType(type: unknown): type is AwfBlockType {
  return typeof type === 'string' && blockTypes.has(type);
}
