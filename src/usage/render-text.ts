import type { UsageReport, UsageRow } from './usage-totals.js';

const COLUMNS = ['input', 'output', 'cacheWrite', 'cacheRead', 'total'] as const;
const HEAD = ['input', 'output', 'cache write', 'cache read', 'total', 'cost (USD)'];

const int = new Intl.NumberFormat('en-US');

/** A report as a table for a terminal: one section per grouping, then the totals. */
export function renderTable(r: UsageReport): string {
  const out: string[] = [];
  const section = (title: string, rows: readonly UsageRow[]): void => {
    const cells = rows.map((x) => [
      x.key,
      ...COLUMNS.map((c) => int.format(x[c])),
      x.cost.toFixed(2),
    ]);
    const head = [title, ...HEAD];
    const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
    const line = (c: readonly string[]): string =>
      c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
    out.push(line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line), '');
  };
  section('session', r.sessions);
  section('model', r.models);
  section('day (UTC)', r.days);
  section('', [r.totals]);
  if (r.unpriced.length > 0) out.push(`no price known for: ${r.unpriced.join(', ')}`, '');
  return out.join('\n');
}

const CSV_HEAD = 'group,key,input,output,cacheWrite,cacheRead,total,cost,replies';

function csvCell(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A report as CSV: one row per session, model and day, then the total (`group` says which). */
export function renderCsv(r: UsageReport): string {
  const rows: string[] = [CSV_HEAD];
  const add = (group: string, x: UsageRow): void => {
    rows.push(
      [
        group,
        csvCell(x.key),
        ...COLUMNS.map((c) => String(x[c])),
        String(x.cost),
        String(x.replies),
      ].join(','),
    );
  };
  for (const x of r.sessions) add('session', x);
  for (const x of r.models) add('model', x);
  for (const x of r.days) add('day', x);
  add('total', r.totals);
  return rows.join('\n') + '\n';
}
