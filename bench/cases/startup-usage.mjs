// Start-up of `usage`, the command whose benchmark is against a native binary (ccusage): on an
// empty file it is all module loading. Same target as `startup`: at most ~50 ms above node -e 0.
import startup, { makeCorpus } from './startup.mjs';

export { makeCorpus };

export default {
  ...startup,
  id: 'startup-usage',
  summary: 'txpipe usage --json on an empty file: start-up alone, against node -e 0',
  argv: ['usage', '--json'],
};
