import { Groups, tally, type Acc } from '../groups.js';
import { byKey, row, type UsageRow } from '../usage-row.js';
import type { Counted, ViewContext, ViewSum } from './view.js';

/** The key of a counted reply's group in a view (`undefined`: a group named `unknown`). */
export type KeyOf = (c: Counted, ctx: ViewContext) => string | undefined;

/**
 * A view that sums replies by a key of each (a day, a session, a model...), rows in key order;
 * `details` keeps the models and the first and last time of each row (sessions); with
 * `ctx.breakdown` each row also sums its replies by model.
 */
export function keyView(keyOf: KeyOf, details = false): (ctx: ViewContext) => ViewSum {
  return (ctx) => {
    const groups = new Groups();
    const byModel = new Map<Acc, Groups>();
    return {
      add(c) {
        const acc = groups.at(keyOf(c, ctx) ?? 'unknown');
        const e = c.entry;
        tally(acc, e.tokens, c.cost, c.unpriced);
        if (details) {
          (acc.models ??= new Set()).add(e.model);
          if (e.time !== undefined) {
            if (acc.first === undefined || e.time < acc.first) acc.first = e.time;
            if (acc.last === undefined || e.time > acc.last) acc.last = e.time;
          }
        }
        if (!ctx.breakdown) return;
        let models = byModel.get(acc);
        if (models === undefined) byModel.set(acc, (models = new Groups()));
        tally(models.at(e.model), e.tokens, c.cost, c.unpriced);
      },
      rows() {
        return byKey(
          [...groups.byKey].map(([k, a]): UsageRow => {
            const r = row(k, a);
            const models = byModel.get(a);
            if (models === undefined) return r;
            return { ...r, breakdown: byKey([...models.byKey].map(([m, b]) => row(m, b))) };
          }),
        );
      },
    };
  };
}
