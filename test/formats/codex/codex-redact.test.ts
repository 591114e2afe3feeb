import { describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../../cli/run.js';

const WITHHELD = '[withheld: a secret file]';
const line = (payload: object) =>
  JSON.stringify({ timestamp: '2025-09-14T10:00:00.000Z', type: 'response_item', payload });
const meta = JSON.stringify({
  timestamp: '2025-09-14T10:00:00.000Z',
  type: 'session_meta',
  payload: {
    id: 's1',
    timestamp: '2025-09-14T10:00:00.000Z',
    cwd: '/w',
    originator: 'codex_cli_rs',
    cli_version: '0.36.0',
  },
});
const output = (id: string, out: unknown) =>
  line({ type: 'function_call_output', call_id: id, output: out });

/** [case, the call line, its result line, whether the result is withheld] */
const rows: [string, string, string, boolean][] = [
  [
    'shell argv reading .env',
    line({
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['bash', '-lc', 'cat .env'] }),
      call_id: 'c1',
    }),
    output('c1', 'A=1'),
    true,
  ],
  [
    'shell_command string reading a key file',
    line({
      type: 'function_call',
      name: 'shell_command',
      arguments: JSON.stringify({ command: 'head -3 ~/.ssh/id_ed25519' }),
      call_id: 'c2',
    }),
    output('c2', 'KEY'),
    true,
  ],
  [
    'local_shell_call reading .npmrc',
    line({
      type: 'local_shell_call',
      call_id: 'c3',
      status: 'completed',
      action: { type: 'exec', command: ['cat', '/home/u/.npmrc'] },
    }),
    output('c3', '//registry/:_authToken=x'),
    true,
  ],
  [
    'apply_patch updating .env.local',
    line({
      type: 'custom_tool_call',
      call_id: 'c4',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** Update File: .env.local\n@@\n-A=1\n+A=2\n*** End Patch\n',
    }),
    line({ type: 'custom_tool_call_output', call_id: 'c4', output: 'Success.' }),
    true,
  ],
  [
    'a failed call on .pgpass (output as {content, success})',
    line({
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['cat', '.pgpass'] }),
      call_id: 'c5',
    }),
    output('c5', { content: 'db:5432:*:u:pw', success: false }),
    true,
  ],
  [
    'a shell call on an ordinary file',
    line({
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['cat', 'README.md'] }),
      call_id: 'c6',
    }),
    output('c6', 'hello'),
    false,
  ],
];

describe('redact on Codex rollouts: secret-file withholding', () => {
  it.each(rows)('%s', (_name, call, result, withheld) => {
    ensureBuilt();
    const r = txpipe(['redact'], { input: [meta, call, result].join('\n') + '\n' });
    expect(r.code).toBe(0);
    const [, , res] = r.stdout
      .split('\n')
      .map((l) => (l ? (JSON.parse(l) as { payload: Record<string, unknown> }) : undefined));
    const out = JSON.stringify(res!.payload.output);
    if (withheld) expect(out).toContain(WITHHELD);
    else expect(out).not.toContain(WITHHELD);
    expect(out.includes('pw') || out.includes('KEY') || out.includes('_authToken')).toBe(false);
  });
});
