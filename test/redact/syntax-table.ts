import { spawnSync } from 'node:child_process';
import { bin, repoRoot } from '../shared.js';
import { env } from '../cli/run.js';

/** A row: what it shows, the text, and what redact must make of it (the text itself: kept). */
export type Row = readonly [what: string, input: string, want: string];

/** A Claude Code tool result holding `text`, as a session line. */
const resultLine = (text: string, i: number): string =>
  JSON.stringify({
    type: 'user',
    uuid: `u${i}`,
    sessionId: 's1',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: text }],
    },
  });

/**
 * What the built CLI (`txpipe redact`, spawned as a user runs it, the prescan first) makes of each
 * row's text in a tool result of a session: one line per row, in order.
 */
export function redactRowsByCli(rows: readonly Row[]): string[] {
  const input = rows.map(([, text], i) => resultLine(text, i)).join('\n') + '\n';
  const r = spawnSync(process.execPath, [bin, 'redact'], {
    input,
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`txpipe redact exited ${r.status}: ${r.stderr}`);
  return r.stdout
    .trim()
    .split('\n')
    .map(
      (l) =>
        (JSON.parse(l) as { message: { content: [{ content: string }] } }).message.content[0]
          .content,
    );
}
