/**
 * Which provider served a model, as `gen_ai.provider.name` (OpenTelemetry GenAI registry's
 * well-known values) and OpenInference's `llm.system` / `llm.provider` name it. Data, one row per
 * provider: the model-name prefixes its API documents, and the agents that call only it.
 */
export interface ProviderRow {
  /** `gen_ai.provider.name`. */
  readonly genAi: string;
  /** OpenInference `llm.system` (the AI product). */
  readonly system: string;
  /** OpenInference `llm.provider` (who hosts it). */
  readonly provider: string;
  /** Lower-case model-name prefixes (`claude-`); a `provider/model` name is read after the `/`. */
  readonly models: readonly string[];
  /** Agent ids (a session_start's `agent`) that call only this provider. */
  readonly agents: readonly string[];
  /** auto-swe's wire-format names (`meta.autoSwe.provider`). */
  readonly wire: readonly string[];
}

export const PROVIDERS: readonly ProviderRow[] = [
  {
    genAi: 'anthropic',
    system: 'anthropic',
    provider: 'anthropic',
    models: ['claude'],
    agents: ['claude-code', 'claude'],
    wire: ['anthropic'],
  },
  {
    genAi: 'openai',
    system: 'openai',
    provider: 'openai',
    models: ['gpt-', 'o1', 'o3', 'o4', 'codex-', 'chatgpt-'],
    agents: ['codex'],
    wire: ['openai-responses', 'openai-chat'],
  },
  {
    genAi: 'gcp.gemini',
    system: 'vertexai',
    provider: 'google',
    models: ['gemini'],
    agents: ['gemini', 'gemini-cli'],
    wire: ['google'],
  },
  {
    genAi: 'mistral_ai',
    system: 'mistralai',
    provider: 'mistralai',
    models: ['mistral', 'codestral', 'devstral'],
    agents: [],
    wire: [],
  },
  {
    genAi: 'deepseek',
    system: 'deepseek',
    provider: 'deepseek',
    models: ['deepseek'],
    agents: [],
    wire: [],
  },
  { genAi: 'x_ai', system: 'xai', provider: 'xai', models: ['grok'], agents: [], wire: [] },
];

/**
 * The provider of a model call: from the wire format a recording names, else the model's name,
 * else the agent's; undefined when none says (the attribute is then left out, not guessed).
 */
export function providerOf(
  model: string | undefined,
  agent: string | undefined,
  wire: string | undefined,
): ProviderRow | undefined {
  if (wire !== undefined) {
    const row = PROVIDERS.find((p) => p.wire.includes(wire));
    if (row) return row;
  }
  if (model !== undefined) {
    const name = model.toLowerCase().split('/').pop() ?? '';
    const row = PROVIDERS.find((p) => p.models.some((prefix) => name.startsWith(prefix)));
    if (row) return row;
  }
  return agent === undefined ? undefined : PROVIDERS.find((p) => p.agents.includes(agent));
}
