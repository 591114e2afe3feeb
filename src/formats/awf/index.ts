import { isRecord, type FormatAdapter } from '../adapter.js';

/** AWF agent exchange transcripts: the ExchangeEvent envelope (`seq`, `run_id`, `type`, `path`, ...). */
export const awf: FormatAdapter = {
  id: 'awf',
  summary: 'AWF agent exchange transcript (ExchangeEvent lines)',
  reference: 'shared/specs/awf-transcript-schema.md',
  // The envelope's kind and links, and the tool call correlation tokens.
  identity: [
    'type',
    'run_id',
    'parent_run_id',
    'child_run_id',
    'path',
    'call_id',
    'tool_id',
    'kind',
    'role',
  ],
  detect(value) {
    return (
      isRecord(value) &&
      typeof value.seq === 'number' &&
      typeof value.run_id === 'string' &&
      typeof value.type === 'string' &&
      typeof value.path === 'string' &&
      'payload' in value
    );
  },
  writable: true,
  load: async () => {
    const [{ awfDecoder }, { awfEncoder }] = await Promise.all([
      import('./awf-decoder.js'),
      import('./awf-encoder.js'),
    ]);
    return { decoder: awfDecoder, encoder: awfEncoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).awfRedaction,
  },
};
