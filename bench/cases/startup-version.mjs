import startup, { makeCorpus } from './startup.mjs';

export { makeCorpus };

export default {
  ...startup,
  id: 'startup-version',
  summary: 'txpipe --version: start-up alone, against node -e 0',
  argv: ['--version'],
  noInput: true,
};
