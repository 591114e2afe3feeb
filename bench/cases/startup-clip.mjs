import startup, { makeCorpus } from './startup.mjs';

export { makeCorpus };

export default {
  ...startup,
  id: 'startup-clip',
  summary: 'txpipe clip on a one-line file: start-up alone, against node -e 0',
  argv: ['clip'],
};
