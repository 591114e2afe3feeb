import startup, { makeCorpus } from './startup.mjs';

export { makeCorpus };

export default {
  ...startup,
  id: 'startup-redact',
  summary: 'txpipe redact on a one-line file: start-up alone, against node -e 0',
  argv: ['redact'],
};
