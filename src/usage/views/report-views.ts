import type { UsageReport, UsageRow } from '../usage-totals.js';
import { VIEWS, type ViewName } from './registry.js';

/** One view's rows in a report. */
export interface ReportView {
  readonly name: ViewName;
  readonly field: string;
  readonly rows: readonly UsageRow[];
}

const BY_FIELD = new Map<string, ViewName>(
  (Object.entries(VIEWS) as [ViewName, (typeof VIEWS)[ViewName]][]).map(([n, v]) => [v.field, n]),
);

/** The views a report holds, in its order (the order `--by` gave them). */
export function reportViews(r: UsageReport): ReportView[] {
  const out: ReportView[] = [];
  for (const [field, rows] of Object.entries(r)) {
    const name = BY_FIELD.get(field);
    if (name !== undefined && Array.isArray(rows))
      out.push({ name, field, rows: rows as UsageRow[] });
  }
  return out;
}
