/** The exit codes of `txpipe`, documented in docs/cli.md. */
export const EXIT = {
  /** Done; every line was written or, without --strict, reported. */
  ok: 0,
  /** A run-time failure: an unreadable input, a failed write, an error policy that fired. */
  failure: 1,
  /** The command line is wrong (unknown command or option, a bad value). */
  usage: 2,
  /** --strict, and some lines were rejected (see the stderr summary). */
  rejected: 3,
  /** Stopped by SIGINT (128 + 2), on a whole line. */
  interrupted: 130,
  /** Stopped by SIGTERM (128 + 15), on a whole line. */
  terminated: 143,
} as const;
