import type { CommandSpec } from '../spec.js';

export const verifyCommand: CommandSpec = {
  name: 'verify',
  summary:
    'Verify stored auto-swe transcripts: re-hash every gzipped part and the transcript hash (exit 1 on failure)',
  options: {},
  output: 'text',
  load: async () => (await import('../verify.js')).verifyBehaviour,
};
