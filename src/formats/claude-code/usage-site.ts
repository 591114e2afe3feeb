import { isObj } from '../../usage/extractor.js';

/** Where a Claude Code value carries usage: a reply's own entry, a progress copy, or nowhere. */
export type UsageSite = 'reply' | 'progress' | undefined;

/** Whether a Claude Code value is an `assistant` entry with `message.usage`, or a progress copy. */
export function usageSite(v: unknown): UsageSite {
  if (!isObj(v)) return undefined;
  if (v.type === 'assistant') return isObj(v.message) && 'usage' in v.message ? 'reply' : undefined;
  if (v.type !== 'progress' || !isObj(v.data) || v.data.type !== 'agent_progress') return undefined;
  const inner = v.data.message;
  return isObj(inner) && isObj(inner.message) && 'usage' in inner.message ? 'progress' : undefined;
}

function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _drop, ...rest } = o;
  return rest;
}

/** A copy of the value without the usage at its site (the value itself is not changed). */
export function stripUsage(v: Record<string, unknown>, site: 'reply' | 'progress'): unknown {
  const m = v.message as Record<string, unknown>;
  if (site === 'reply') return { ...v, message: without(m, 'usage') };
  const data = v.data as Record<string, unknown>;
  const inner = data.message as Record<string, unknown>;
  return {
    ...v,
    data: {
      ...data,
      message: { ...inner, message: without(inner.message as Record<string, unknown>, 'usage') },
    },
  };
}
