import type { Span } from './spans.js';
import { TOKEN_RULES } from './token-rules.js';
import { isNotSecret, isRandomLooking } from './value-class.js';

/**
 * The providers txpipe knows a token format of, by name: the first word of each token rule's
 * kind (`openai-key` is OpenAI's, `cloudflare-token` Cloudflare's), names of five letters or more
 * (`aws`, `npm`, `jwt` are too short to name a key by themselves). A key named for a provider
 * (`openai: …`, `"cloudflare": "…"`, as configs of multi-provider tools write them) holds that
 * provider's credential when its value looks random (`isRandomLooking`); `openai: enabled`,
 * `openai: 1.2.3`, a model name are kept. Grows with the token rules.
 */
export const PROVIDER_NAMES: readonly string[] = [
  ...new Set(TOKEN_RULES.map((r) => (r.kind.split('-')[0] as string).toLowerCase())),
].filter((n) => n.length >= 5 && /^[a-z0-9]+$/.test(n));

const NAMES = PROVIDER_NAMES.join('|');
/**
 * The key (alone, any case, maybe quoted) as a YAML mapping's key at the start of a line (after
 * a file view's line number, a sequence's `- `) or as a JSON member's (after `{` or `,`), then
 * `:` and the value, quoted or plain, up to where the value must end.
 */
const PROVIDER_KEY = new RegExp(
  `(?:^[ \\t]*(?:\\d+→)?[ \\t]*(?:-[ \\t]+)?|[{,][ \\t]*)(["']?)(?:${NAMES})\\1[ \\t]*:[ \\t]*(["']?)([A-Za-z0-9_.+/=~-]{20,512})\\2(?=[ \\t]*(?:[,}#\\r\\n]|$))`,
  'gim',
);

/** The values of keys named for a provider, when they look random. */
export function findProviderKeys(s: string, spans: Span[]): void {
  PROVIDER_KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PROVIDER_KEY.exec(s)) !== null) {
    const v = m[3] as string;
    if (!isRandomLooking(v) || isNotSecret(v)) continue;
    const end = m.index + m[0].length - (m[2] as string).length;
    spans.push({ start: end - v.length, end, kind: 'secret-name' });
  }
}

/** For the prescan: a provider's name, a separator and 20 characters of a value (raw or decoded). */
export const PROVIDER_KEY_PRESCAN = `(?:${NAMES})(?:\\\\*["'])?[ \\t]*:(?:[ \\t]|\\\\+t)*(?:\\\\*["'])?[A-Za-z0-9_.+/=~-]{20}`;
