/**
 * Claude Code entries for the Flockdeck writer's probes (flockdeck-probes.test.ts,
 * flockdeck/unusual-input.test.ts): one conversation id, times on one minute.
 */
export const ID = '11111111-2222-3333-4444-555555555555';

/** A time on 2026-10-01 09:00 at second `s`; a string is taken as the time itself. */
export const T = (s: number | string): string =>
  typeof s === 'string' ? s : `2026-10-01T09:00:${String(s).padStart(2, '0')}Z`;

export type Entry = Record<string, unknown>;

export const user = (content: unknown, s: number, extra: Entry = {}): Entry => ({
  type: 'user',
  timestamp: T(s),
  message: { role: 'user', content },
  ...extra,
});

export const asst = (
  content: unknown,
  s: number,
  message: Entry = {},
  extra: Entry = {},
): Entry => ({
  type: 'assistant',
  timestamp: T(s),
  message: { role: 'assistant', content, ...message },
  ...extra,
});
