import startup, { makeCorpus } from './startup.mjs';

export { makeCorpus };

export default {
  ...startup,
  id: 'startup-usage',
  summary: 'txpipe usage --json on a one-line file: start-up alone, against node -e 0',
  argv: ['usage', '--json'],
};
