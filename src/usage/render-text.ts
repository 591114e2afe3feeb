import type { UsageReport, UsageRow } from './usage-totals.js';
import type { BlockRow } from './views/blocks.js';
import { reportViews } from './views/report-views.js';

const COLUMNS = ['input', 'output', 'cacheWrite', 'cacheRead', 'total'] as const;
const HEAD = ['input', 'output', 'cache write', 'cache read', 'total', 'cost (USD)'];

const int = new Intl.NumberFormat('en-US');

/** A cost cell: `?` after it when some of the row's tokens have no price (not in it). */
const costCell = (x: UsageRow): string =>
  x.unpricedTokens === undefined
    ? x.cost.toFixed(2)
    : x.cost === 0
      ? 'no price'
      : `${x.cost.toFixed(2)}?`;

/** A block's key cell: its start, and whether it is the active one or a gap. */
function keyCell(x: UsageRow): string {
  const b = x as Partial<BlockRow>;
  if (b.gap === true) return `${x.key.slice(4)} (gap)`;
  return b.active === true ? `${x.key} (active)` : x.key;
}

/**
 * A report as a table for a terminal: one section per view (each row followed by its models with
 * `breakdown`), then the totals, the active block's burn rate and the models with no price.
 */
export function renderTable(
  r: UsageReport,
  titlesOf: () => Readonly<Record<string, string>>,
): string {
  const titles = titlesOf();
  const out: string[] = [];
  const section = (title: string, rows: readonly UsageRow[]): void => {
    const cells: string[][] = [];
    for (const x of rows) {
      cells.push([keyCell(x), ...COLUMNS.map((c) => int.format(x[c])), costCell(x)]);
      for (const m of x.breakdown ?? []) {
        cells.push([`  ${m.key}`, ...COLUMNS.map((c) => int.format(m[c])), costCell(m)]);
      }
    }
    const head = [title, ...HEAD];
    const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
    const line = (c: readonly string[]): string =>
      c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
    out.push(line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line), '');
  };
  for (const { field, rows } of reportViews(r)) section(titles[field] ?? field, rows);
  section('', [r.totals]);
  const active = (r.blocks as readonly BlockRow[] | undefined)?.find((b) => b.active);
  if (active?.burnRate !== undefined && active.projection !== undefined) {
    const { burnRate: b, projection: p } = active;
    out.push(
      `active block: ${int.format(Math.round(b.tokensPerMinute))} tokens/min, $${b.costPerHour.toFixed(2)}/h; projected at its end (${p.remainingMinutes} min): ${int.format(p.totalTokens)} tokens, $${p.totalCost.toFixed(2)}`,
      '',
    );
  }
  if (r.unpriced.length > 0) {
    out.push(`no price known for: ${r.unpriced.join(', ')} (their tokens are not in the cost)`, '');
  }
  return out.join('\n');
}

const CSV_HEAD = 'group,key,input,output,cacheWrite,cacheRead,total,cost,replies';

function csvCell(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * A report as CSV: one row per row of each view (`group` names the view: `session`, `day`...;
 * with `breakdown`, `<view>-model` rows keyed `<row>/<model>` follow each), then the total.
 */
export function renderCsv(r: UsageReport): string {
  const rows: string[] = [CSV_HEAD];
  const add = (group: string, key: string, x: UsageRow): void => {
    rows.push(
      [
        group,
        csvCell(key),
        ...COLUMNS.map((c) => String(x[c])),
        String(x.cost),
        String(x.replies),
      ].join(','),
    );
  };
  for (const { name, rows: viewRows } of reportViews(r)) {
    for (const x of viewRows) {
      add(name, x.key, x);
      for (const m of x.breakdown ?? []) add(`${name}-model`, `${x.key}/${m.key}`, m);
    }
  }
  add('total', 'total', r.totals);
  return rows.join('\n') + '\n';
}
