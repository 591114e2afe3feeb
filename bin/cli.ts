// The CLI as scripts/bundle-cli.mjs bundles it, once, into dist/bin/cli.js: the commands
// (`main`), and the modules of the worker threads the commands start, which the threads'
// entries beside it run (`thread`), so that no module is bundled twice.
export { main } from '../src/cli/main.js';

/** The modules of the worker threads, by the name of their entry (`<name>-worker.js`). */
const THREADS: Readonly<Record<string, () => Promise<unknown>>> = {
  prescan: () => import('../src/redact/prescan-worker.js'),
  usage: () => import('../src/transforms/usage-worker.js'),
};

/** Runs the module of a worker thread (called by dist/bin/<name>-worker.js in that thread). */
export function thread(name: string): void {
  const load = THREADS[name];
  if (!load) throw new Error(`txpipe: no worker thread ${name}`);
  void load();
}
