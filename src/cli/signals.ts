/** The signals that stop a run on a whole line (docs/cli.md, "Signals"). */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof SIGNALS)[number];

/**
 * Calls `stop` on the first SIGINT or SIGTERM while a run lasts (instead of the process dying
 * wherever it is, in the middle of a line); `received` names the signal. `off()` removes the
 * handlers, so that a second signal after the run, or outside it, acts as usual.
 */
export function onSignals(stop: () => void): { received?: StopSignal; off(): void } {
  const state: { received?: StopSignal; off(): void } = {
    off: () => {
      for (const s of SIGNALS) process.off(s, handlers[s]);
    },
  };
  const handlers = Object.fromEntries(
    SIGNALS.map((s) => [
      s,
      () => {
        if (state.received !== undefined) return;
        state.received = s;
        stop();
      },
    ]),
  ) as Record<StopSignal, () => void>;
  for (const s of SIGNALS) process.on(s, handlers[s]);
  return state;
}

/** What a signal left unwritten, in one line. */
export function interruptedMessage(
  signal: StopSignal,
  output: { written: number; dropped: number },
  reading: string | undefined,
): string {
  const cut =
    output.dropped > 0 ? `, ${output.dropped} bytes of a line cut short were dropped` : '';
  const where = reading === undefined ? '' : ` while reading ${reading}`;
  return (
    `${signal}: stopped${where}; the output ends on a whole line after ${output.written} bytes` +
    `${cut}; the rest of the input was not written`
  );
}
