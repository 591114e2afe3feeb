import { CHECKSUMS } from './checksums.js';
import type { ProviderFormat } from './provider-format.js';

/**
 * Why a catalog entry cannot be compiled as it stands, or undefined when it can. What the
 * matcher relies on: a prefix is literal printable ASCII that JSON never escapes (so the prescan
 * may read it on a raw JSON line) and at least three characters; a body and suffix are regexes
 * without groups, anchors or look-arounds, match no empty string and no character JSON escapes
 * (a quote, a backslash, a control character), so a raw line holds a token as its text does.
 */
export function formatProblem(f: ProviderFormat): string | undefined {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(f.kind)) return `kind "${f.kind}" is not kebab-case`;
  if (f.provider.trim() === '') return 'no provider';
  if (!/^https:\/\/[^\s/]+\.[^\s/]+\/?\S*$/.test(f.source))
    return `source "${f.source}" is not an https URL`;
  if (f.prefixes.length === 0) return 'no prefix';
  for (const p of f.prefixes) {
    if (p.length < 3) return `prefix "${p}" is shorter than 3 characters`;
    if (!/^[!#-)+-Z^-~ ]+$/.test(p))
      return `prefix "${p}" holds a character it may not ([, ], *, \\, ", a control or non-ASCII character)`;
  }
  for (const [what, source] of [
    ['body', f.body],
    ['suffix', f.suffix],
  ] as const) {
    if (source === undefined) continue;
    const problem = regexProblem(source);
    if (problem) return `${what} ${problem}`;
  }
  if (f.checksum !== undefined && !(f.checksum in CHECKSUMS))
    return `unknown checksum "${f.checksum}"`;
  return undefined;
}

function regexProblem(source: string): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(`(?:${source})|`);
  } catch (e) {
    return `is not a regex: ${(e as Error).message}`;
  }
  if ((re.exec('') as RegExpExecArray).length !== 1) return 'has a capture group';
  // Escapes and classes aside, no anchor, assertion or any-character dot may be left.
  if (/\\[bBsSWD\\]/.test(source)) return 'uses \\b, \\B, \\s, \\S, \\W, \\D or \\\\';
  const bare = source.replace(/\\./g, 'x').replace(/\[(?:\\.|[^\]])*\]/g, 'x');
  if (/[\^$.]|\(\?[=!<]/.test(bare)) return 'has an anchor, a look-around or a dot';
  if (/\[\^/.test(source)) return 'has a negated class';
  if (new RegExp(`^(?:${source})$`).test('')) return 'matches the empty string';
  for (const c of ['"', '\\', '\n', '\t', '\r', ' '])
    if (new RegExp(source).test(c.repeat(300))) return `matches ${JSON.stringify(c)}`;
  return undefined;
}
