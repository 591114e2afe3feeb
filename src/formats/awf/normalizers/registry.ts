import { claudeNormalizer } from './claude-normalizer.js';
import { codexNormalizer } from './codex-normalizer.js';
import { copilotNormalizer } from './copilot-normalizer.js';
import { geminiNormalizer } from './gemini-normalizer.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { openaiCompatibleNormalizer } from './openai-compatible-normalizer.js';

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
