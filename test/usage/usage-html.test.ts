import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultUsageReport } from '../../src/usage/usage-totals.js';
import { claudeConfigDir } from './claude-tree.js';
import { cliInProcess } from '../cli-in-process.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// .ci/run installs Debian's chromium before the tests; elsewhere say why this is skipped.
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`usage-html: ${CHROMIUM} not found (apt-get install chromium); skipped`);

describe.skipIf(!haveChromium)('txpipe usage --html in a real headless browser', () => {
  let tree: string;
  let dir: string;
  let browser: Browser;
  let report: DefaultUsageReport;
  let page: string;

  beforeAll(async () => {
    tree = claudeConfigDir();
    dir = mkdtempSync(join(tmpdir(), 'txpipe-html-'));
    page = join(dir, 'usage.html');
    const r = await cliInProcess(['usage', '--json', '--html', page, join(tree, 'projects')]);
    expect(r.code).toBe(0);
    report = JSON.parse(r.stdout) as DefaultUsageReport;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(tree, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('is one self-contained page: no external scripts, styles, images or fonts', () => {
    const html = readFileSync(page, 'utf8');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/url\(/i);
  });

  it('renders the charts with non-zero size, and the numbers match the JSON totals', async () => {
    const tab = await browser.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => requests.push(r.url()));
    await tab.goto(pathToFileURL(page).href);
    for (const id of ['chart-days', 'chart-models', 'chart-sessions']) {
      const box = await tab.locator(`#${id}`).boundingBox();
      expect(box?.width, id).toBeGreaterThan(100);
      expect(box?.height, id).toBeGreaterThan(20);
      const bars = tab.locator(`#${id} rect`);
      expect(await bars.count(), id).toBeGreaterThan(0);
      const first = await bars.first().boundingBox();
      expect(first?.width).toBeGreaterThan(0);
      expect(first?.height).toBeGreaterThan(0);
    }
    // The bars of a chart add up to what they show: days and models to the totals of each kind.
    for (const id of ['chart-days', 'chart-models']) {
      const sums = await tab.$$eval(`#${id} rect`, (rects) => {
        const s: Record<string, number> = {};
        for (const r of rects) {
          const k = r.getAttribute('data-kind') as string;
          s[k] = (s[k] ?? 0) + Number(r.getAttribute('data-value'));
        }
        return s;
      });
      expect(sums, id).toEqual({
        input: report.totals.input,
        output: report.totals.output,
        cacheWrite: report.totals.cacheWrite,
        cacheRead: report.totals.cacheRead,
      });
    }
    expect(Number(await tab.locator('#total-tokens').getAttribute('data-value'))).toBe(
      report.totals.total,
    );
    expect(await tab.locator('#total-tokens').innerText()).toBe(
      new Intl.NumberFormat('en-US').format(report.totals.total),
    );
    const costliest = [...report.sessions].sort((a, b) => b.cost - a.cost)[0];
    const label = await tab.locator('#chart-sessions text').first().textContent();
    expect(label?.slice(0, 20)).toBe(costliest?.key.slice(0, 20));
    const data = JSON.parse(
      (await tab.locator('#usage-data').textContent()) as string,
    ) as DefaultUsageReport;
    expect(data).toEqual(report);
    expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
    await tab.close();
  });
});
