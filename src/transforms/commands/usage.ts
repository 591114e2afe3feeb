import { KEEP_POLICIES, type KeepPolicy } from '../../usage/keep-policy.js';
import type { CommandSpec } from '../spec.js';
import { USAGE_AGENTS, withAgentPlaces } from './usage-agents.js';

/** How `usage` writes its report: a table for people, JSON or CSV for programs. */
export type UsageFormat = 'table' | 'json' | 'csv';

/** Defaults of `usage` (the stage and the command). */
export const usageDefaults = Object.freeze({
  format: 'json' as UsageFormat,
  keep: 'last' as KeepPolicy,
  maxSeenKeys: 1_000_000,
  sample: 50,
  topSessions: 10,
});

export const usageCommand: CommandSpec = {
  name: 'usage',
  summary: 'Token totals by session, model and day (table on a terminal, else JSON; --csv, --html)',
  options: {
    json: { type: 'boolean', describe: 'Write the report as JSON (the default off a terminal)' },
    csv: { type: 'boolean', describe: 'Write the report as CSV' },
    table: { type: 'boolean', describe: 'Write the report as a table (the default on a terminal)' },
    html: { type: 'string', describe: 'Also write a self-contained HTML page with charts to FILE' },
    keep: {
      type: 'string',
      choices: KEEP_POLICIES,
      default: usageDefaults.keep,
      describe: "Which of a reply's repeated usage reports counts",
    },
    maxSeenKeys: {
      type: 'number',
      default: usageDefaults.maxSeenKeys,
      describe: 'Reply keys remembered to leave out copies (LRU bound)',
    },
    agent: {
      type: 'string',
      choices: USAGE_AGENTS,
      describe:
        "Also read this agent's own session folders: claude (CLAUDE_CONFIG_DIR, else ~/.config/claude/projects and ~/.claude/projects; read when no path is given), codex ($CODEX_HOME/sessions, else ~/.codex/sessions), gemini (the session files under ~/.gemini/tmp, the home being $GEMINI_CLI_HOME when set), all",
    },
    by: {
      type: 'string',
      repeatable: true,
      describe:
        'Group by day, week, month, session, project, model or block (5-hour billing blocks); several: --by day,model (default: session,model,day)',
    },
    breakdown: { type: 'boolean', describe: 'Also give each row its counts by model' },
    timezone: {
      type: 'string',
      describe:
        "Time zone of days, weeks, months and --since/--until dates (default: the system's)",
    },
    startOfWeek: {
      type: 'string',
      choices: ['sunday', 'monday'],
      describe: 'The first day of a week for --by week (default: sunday, as ccusage)',
    },
    since: {
      type: 'string',
      describe: 'Only usage from this date (YYYYMMDD, YYYY-MM-DD) or ISO date-time on',
    },
    until: {
      type: 'string',
      describe: 'Only usage up to this date (its whole day) or ISO date-time',
    },
    prices: {
      type: 'string',
      describe:
        'Price the models with this table (JSON: { source, date, models: [{ match, input, output, cacheWrite?, cacheWrite1h?, cacheRead? }] }, USD per million tokens) instead of the built-in one',
    },
    cache: {
      type: 'boolean',
      default: true,
      describe: 'Remember what was read of each file (--no-cache: read every file whole)',
    },
    cacheDir: {
      type: 'string',
      describe:
        'The cache directory (default: $TXPIPE_CACHE_DIR, $XDG_CACHE_HOME/txpipe, ~/.cache/txpipe)',
    },
    topSessions: {
      type: 'number',
      default: usageDefaults.topSessions,
      describe: 'Costliest sessions shown in the HTML page',
    },
  },
  output: 'text',
  prepareArgs: withAgentPlaces,
  load: async () => {
    const m = await import('../usage.js');
    await m.ready;
    return m.usageBehaviour;
  },
};
