/**
 * False with TXPIPE_WORKERS=0 in the environment: txpipe starts no worker thread (for a container
 * limited to one CPU on a machine with more, which Node still counts, or a caller that wants one
 * thread). Asked each time a worker could start.
 */
export function workersAllowed(): boolean {
  return process.env.TXPIPE_WORKERS !== '0';
}
