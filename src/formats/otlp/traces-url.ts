import { TxpipeError } from '../../stream/errors.js';

/**
 * The URL traces are posted to: a URL with no path gets OTLP/HTTP's `/v1/traces` (as
 * `OTEL_EXPORTER_OTLP_ENDPOINT` does); one with a path is used as given (as
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is). Throws a bad-option error for what is not an http(s) URL.
 */
export function tracesUrl(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TxpipeError('ERR_TXPIPE_BAD_OPTION', `--endpoint ${endpoint}: not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TxpipeError('ERR_TXPIPE_BAD_OPTION', `--endpoint ${endpoint}: not an http(s) URL`);
  }
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/v1/traces';
  return url;
}
