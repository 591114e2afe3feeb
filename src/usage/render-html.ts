import type { UsageReport, UsageRow } from './usage-totals.js';
import { VIEWS } from './views/registry.js';
import { reportViews } from './views/report-views.js';

const KINDS = [
  { key: 'input', label: 'input', color: '#4e79a7' },
  { key: 'output', label: 'output', color: '#f28e2b' },
  { key: 'cacheWrite', label: 'cache write', color: '#59a14f' },
  { key: 'cacheRead', label: 'cache read', color: '#b6a2de' },
] as const;

const int = new Intl.NumberFormat('en-US');

function esc(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Vertical stacked bars, one per row (used for days). */
function stackedColumns(id: string, rows: readonly UsageRow[]): string {
  const w = 760;
  const h = 260;
  const max = Math.max(1, ...rows.map((r) => r.total));
  const bw = Math.max(4, Math.min(60, (w - 60) / Math.max(1, rows.length) - 6));
  const parts: string[] = [];
  rows.forEach((r, i) => {
    const x = 50 + i * (bw + 6);
    let y = h - 30;
    for (const k of KINDS) {
      const v = r[k.key];
      const bh = (v / max) * (h - 50);
      if (v > 0) {
        y -= bh;
        parts.push(
          `<rect x="${x}" y="${y.toFixed(1)}" width="${bw.toFixed(1)}" height="${Math.max(bh, 1).toFixed(1)}" fill="${k.color}" data-kind="${k.key}" data-value="${v}"><title>${esc(r.key)} ${k.label}: ${int.format(v)}</title></rect>`,
        );
      }
    }
    parts.push(
      `<text x="${(x + bw / 2).toFixed(1)}" y="${h - 12}" font-size="10" text-anchor="middle">${esc(rows.length > 12 ? r.key.slice(5) : r.key)}</text>`,
    );
  });
  return `<svg id="${id}" class="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" data-total="${rows.reduce((a, r) => a + r.total, 0)}">${parts.join('')}</svg>`;
}

/** Horizontal stacked bars, one per row, with a value label (models, sessions). */
function stackedBars(
  id: string,
  rows: readonly UsageRow[],
  value: (r: UsageRow) => string,
): string {
  const w = 760;
  const rowH = 26;
  const h = rows.length * rowH + 10;
  const max = Math.max(1, ...rows.map((r) => r.total));
  const parts: string[] = [];
  rows.forEach((r, i) => {
    const y = 5 + i * rowH;
    let x = 240;
    parts.push(
      `<text x="235" y="${y + 16}" font-size="12" text-anchor="end">${esc(r.key.length > 30 ? r.key.slice(0, 29) + '…' : r.key)}</text>`,
    );
    for (const k of KINDS) {
      const v = r[k.key];
      const bw = (v / max) * 400;
      if (v > 0) {
        parts.push(
          `<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(bw, 1).toFixed(1)}" height="${rowH - 6}" fill="${k.color}" data-kind="${k.key}" data-value="${v}"><title>${k.label}: ${int.format(v)}</title></rect>`,
        );
        x += bw;
      }
    }
    parts.push(
      `<text x="${(x + 6).toFixed(1)}" y="${y + 16}" font-size="12">${esc(value(r))}</text>`,
    );
  });
  return `<svg id="${id}" class="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" data-total="${rows.reduce((a, r) => a + r.total, 0)}">${parts.join('')}</svg>`;
}

/** One view's chart, as its registry entry says: columns over time, bars, the costliest rows. */
function chart(
  name: keyof typeof VIEWS,
  field: string,
  title: string,
  rows: readonly UsageRow[],
  topSessions: number,
): string {
  const kind = VIEWS[name].chart;
  const id = `chart-${field}`;
  if (kind === 'columns') return `<h2>Tokens by ${esc(title)}</h2>\n${stackedColumns(id, rows)}`;
  if (kind === 'bars') {
    return `<h2>Tokens by ${esc(title)}</h2>\n${stackedBars(id, rows, (x) => int.format(x.total))}`;
  }
  const costly = [...rows]
    .sort((a, b) => b.cost - a.cost || b.total - a.total)
    .slice(0, topSessions);
  return `<h2>Costliest ${esc(field)}</h2>\n${stackedBars(id, costly, (x) => '$' + x.cost.toFixed(2))}`;
}

/**
 * A report as one self-contained HTML page: inline SVG charts (one per view of the report:
 * tokens by day, by model, the costliest sessions...), the totals, and the report itself as JSON
 * in a script tag. No external assets and no script is needed to see it.
 */
export function renderHtml(
  r: UsageReport,
  options: { topSessions: number; titles?: Readonly<Record<string, string>> },
): string {
  const t = r.totals;
  const legend = KINDS.map(
    (k) => `<span><i style="background:${k.color}"></i>${k.label}</span>`,
  ).join('');
  const stat = (id: string, label: string, v: number, text = int.format(v)): string =>
    `<div class="stat"><b id="${id}" data-value="${v}">${text}</b><span>${label}</span></div>`;
  const json = JSON.stringify(r).replace(/</g, '\\u003c');
  const charts = reportViews(r)
    .map((v) =>
      chart(v.name, v.field, options.titles?.[v.field] ?? v.name, v.rows, options.topSessions),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>txpipe usage</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;color:#222;max-width:820px}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
.stats{display:flex;gap:12px;flex-wrap:wrap}.stat{border:1px solid #ddd;border-radius:6px;padding:8px 12px}
.stat b{display:block;font-size:18px}.stat span{color:#666;font-size:12px}
.legend span{margin-right:14px;font-size:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.chart{display:block;max-width:100%;height:auto}
</style></head><body>
<h1>Token usage</h1>
<div class="stats">${stat('total-tokens', 'tokens', t.total)}${stat('total-input', 'input', t.input)}${stat('total-output', 'output', t.output)}${stat('total-cache-write', 'cache write', t.cacheWrite)}${stat('total-cache-read', 'cache read', t.cacheRead)}${stat('total-cost', 'est. cost (USD)', t.cost, '$' + t.cost.toFixed(2))}</div>
<p class="legend">${legend}</p>
${charts}
${r.unpriced.length > 0 ? `<p>No price known for: ${esc(r.unpriced.join(', '))} (their tokens are not in the cost).</p>` : ''}
<script type="application/json" id="usage-data">${json}</script>
</body></html>
`;
}
