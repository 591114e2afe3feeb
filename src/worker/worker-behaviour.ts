import type { CommandBehaviour } from '../transforms/spec.js';
import { runWorker } from './jetstream-worker.js';
import { workerOptions } from './worker-options.js';

/** Resolves on the first SIGTERM or SIGINT: the worker then drains and exits 0. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
}

export const workerBehaviour: CommandBehaviour = {
  stages: () => [],
  async run(args, ctx) {
    const options = workerOptions(args);
    await runWorker(options, {
      stderr: ctx.stderr,
      quiet: args.quiet === true,
      stop: stopSignal(),
    });
    return 0;
  },
};
