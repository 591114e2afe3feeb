import type { AwfBlockType, AwfFidelity } from './vocabulary.js';

/** One AWF ContentBlock, as the wire format has it (unused fields absent). */
export interface ContentBlock {
  readonly type: AwfBlockType;
  readonly fidelity: AwfFidelity;
  readonly text?: string;
  readonly thinking?: string;
  readonly tool_name?: string;
  readonly tool_id?: string;
  readonly tool_input?: unknown;
  readonly tool_content?: unknown;
  readonly command?: string;
  readonly chunk?: string;
}

/** The fields a block is written with, in AWF's wire order. */
const WIRE_ORDER = [
  'type',
  'fidelity',
  'text',
  'thinking',
  'tool_name',
  'tool_id',
  'tool_input',
  'tool_content',
  'command',
  'chunk',
] as const;

const STRING_FIELDS: ReadonlySet<string> = new Set([
  'text',
  'thinking',
  'tool_name',
  'tool_id',
  'command',
  'chunk',
]);

/**
 * A block as AWF writes it: fields in wire order, and `omitempty` as AWF's Go encoder applies it:
 * an empty string field is left out, and so is an absent (`undefined`) any-typed field
 * (`tool_input`, `tool_content`). Any other value is kept, `null` and `""` included: Go omits an
 * interface only when it holds nothing, so a normalizer that set an empty map or string writes it.
 */
export function contentBlock(
  fields: Omit<ContentBlock, 'fidelity'> & { fidelity?: AwfFidelity },
): ContentBlock {
  const out: Record<string, unknown> = {};
  const src = { fidelity: 'agent_emitted', ...fields } as Record<string, unknown>;
  for (const key of WIRE_ORDER) {
    const v = src[key];
    if (v === undefined) continue;
    if (STRING_FIELDS.has(key) && v === '') continue;
    out[key] = v;
  }
  return out as unknown as ContentBlock;
}
