/** What the gate needs of a fetched message (a `JsMsg`). */
export interface GateMessage {
  readonly seq: number;
  /** Tells the server the message is being worked on: its ack wait starts again. */
  working(): void;
}

/** What the consumer said when the worker started (`consumers.info`). */
export interface ConsumerStart {
  /** Messages delivered to some worker and not acknowledged. */
  readonly ackPending: number;
  /** The last stream sequence delivered. */
  readonly delivered: number;
}

/**
 * Keeps a session's order across a crash. Messages a dead worker took and never acknowledged come
 * back only after `--ack-wait`, while the server hands a worker started meanwhile the newer ones at
 * once: taken as they come, a session's later records would go out before its earlier ones. So a
 * worker that starts while messages are pending parks every message newer than the last one
 * delivered before it started, keeping their ack wait fresh, and takes them (in stream order) only
 * once the pending ones came back to it and were taken, the consumer's acknowledgement floor
 * reached them (another worker acknowledged them), or `deadlineMs` passed (they may have left the
 * stream); then it gets out of the way.
 */
export class RedeliveryGate<M extends GateMessage> {
  private readonly parked = new Map<number, M>();
  private readonly returned = new Set<number>();
  private open: boolean;

  constructor(
    private readonly start: ConsumerStart,
    private readonly deadline: number,
  ) {
    this.open = start.ackPending === 0;
  }

  /** Whether messages are being held back. */
  get holding(): boolean {
    return !this.open;
  }

  /**
   * The fetched messages to take now, in order: the pending ones that came back, and, once the
   * gate opens, every parked one before the newly fetched.
   */
  admit(fetched: readonly M[], ackFloor: number | undefined, now: number): M[] {
    if (this.open) return [...fetched];
    const take: M[] = [];
    for (const m of fetched) {
      if (m.seq <= this.start.delivered) {
        this.returned.add(m.seq);
        take.push(m);
      } else {
        this.parked.set(m.seq, m); // a redelivery of a parked one replaces it
      }
    }
    const back =
      this.returned.size >= this.start.ackPending ||
      (ackFloor !== undefined && ackFloor >= this.start.delivered) ||
      now >= this.deadline;
    if (!back) {
      for (const m of this.parked.values()) m.working();
      return take;
    }
    this.open = true;
    const released = [...this.parked.values()].sort((a, b) => a.seq - b.seq);
    this.parked.clear();
    return [...take, ...released];
  }
}
