import { claudeNormalizer } from './claude.js';
import { codexNormalizer } from './codex.js';
import { copilotNormalizer } from './copilot.js';
import { geminiNormalizer } from './gemini.js';
import type { AgentNormalizer } from './normalizer.js';
import { openaiCompatibleNormalizer } from './openai-compatible.js';

/** Every agent-output normalizer AWF defines, one line each. */
export const normalizers: readonly AgentNormalizer[] = [
  claudeNormalizer,
  codexNormalizer,
  copilotNormalizer,
  geminiNormalizer,
  openaiCompatibleNormalizer,
];

/** The normalizer of an id or alias, or undefined. */
export function getNormalizer(name: string): AgentNormalizer | undefined {
  return normalizers.find((n) => n.id === name || n.aliases.includes(name));
}

/** The ids, for messages and `--help`. */
export const normalizerIds: readonly string[] = normalizers.map((n) => n.id);
