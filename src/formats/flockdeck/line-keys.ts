/** The keys of a Flockdeck v2 line, in the order Flockdeck writes them. */
export const FLOCKDECK_KEYS = [
  'v',
  'seq',
  'time',
  'session',
  'project',
  'agent',
  'model',
  'conversation',
  'gitBranch',
  'cwd',
  'agentVersion',
  'type',
  'text',
  'usage',
  'stopReason',
  'title',
  'trigger',
  'tokensBefore',
  'tokensAfter',
  'tool',
  'toolUseId',
  'input',
  'output',
  'isError',
  'interrupted',
  'redacted',
  'clipped',
] as const;

export type FlockdeckKey = (typeof FLOCKDECK_KEYS)[number];

/** A line's fields in Flockdeck's order; absent (undefined) fields are left out. */
export function ordered(fields: Partial<Record<FlockdeckKey, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FLOCKDECK_KEYS) if (fields[k] !== undefined) out[k] = fields[k];
  return out;
}
