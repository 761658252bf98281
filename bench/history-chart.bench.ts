import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { z } from 'zod';
import type { ReportSummary } from '@monitor/contract/history';
import {
  downsampleLttb,
  GRAPH_POINT_LIMIT,
  graphPointLimitForSpan,
  type Point,
} from '@monitor/domain/history/downsample';
import { formatRatio, percentile } from './support';
import { benchDevices, benchSession, BENCH_USER } from './web-fixtures';
import { launchChromium, serveBuiltApp } from './web-render';

/**
 * The history page's chart for a year in real Chromium (issue #12 `bench/history`): from the
 * click on "This Year" until the uPlot canvases (readings and power) have drawn the year, on a
 * fresh production build with the API answered by fixtures. Two feeds side by side in the same
 * run: the year as the server answers it (LTTB to the §9 limit of 100 points per series), and
 * the same page fed the raw 105,120 five-minute readings, what a year would cost undownsampled.
 * The time includes the answer's transfer and parse, which grow with the points as the draw does.
 */
const WEB_DIR = fileURLToPath(new URL('../apps/web', import.meta.url));
const READINGS = 365 * 288;
const STEP_MS = 5 * 60 * 1000;
const GMT_OFFSET_HOURS = -5; // the bench units' zone (web-fixtures)
const ROUNDS = Number(process.env.BENCH_HISTORY_CHART_ROUNDS ?? 10);
const DEVICE = { ...benchDevices(1)[0]!, Name: 'Bench freezer' };

type Summary = z.infer<typeof ReportSummary>;
type Feed = 'downsampled' | 'raw';
type Series = { temperature: Point[]; humidity: Point[]; power: Point[] };

/** The first instant of this year in the device's zone, as the page's "This Year" starts it. */
function yearStartMs(): number {
  const local = new Date(Date.now() + GMT_OFFSET_HOURS * 3_600_000);
  return Date.UTC(local.getUTCFullYear(), 0, 1) - GMT_OFFSET_HOURS * 3_600_000;
}

/** 105,120 readings from the year's start: a daily swing, a warm spell each week, power cuts. */
function generateYear(start: number): Series & { spells: Summary['alarmSpells'] } {
  const series: Series = { temperature: [], humidity: [], power: [] };
  const spells: Summary['alarmSpells'] = [];
  for (let i = 0; i < READINGS; i += 1) {
    const x = start + i * STEP_MS;
    const day = (i % 288) / 288;
    const isWarm = i % 2016 < 24;
    series.temperature.push({ x, y: 62 + 8 * Math.sin(2 * Math.PI * day) + (isWarm ? 30 : 0) });
    series.humidity.push({ x, y: 45 + 15 * Math.cos(2 * Math.PI * day) });
    series.power.push({ x, y: i % 5000 < 12 ? 5.01 : 5 });
    if (i % 2016 === 0) spells.push({ AlarmType: 'TEMP', from: x, to: x + 24 * STEP_MS });
  }
  return { ...series, spells };
}

function statsOf(points: readonly Point[]) {
  let [min, max, sum] = [Infinity, -Infinity, 0];
  for (const { y } of points) {
    min = Math.min(min, y);
    max = Math.max(max, y);
    sum += y;
  }
  if (points.length === 0) return null;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    min: round(min),
    max: round(max),
    average: round(sum / points.length),
    count: points.length,
  };
}

/** The summary answer for [fromMs, toMs]: every reading of it, or downsampled as the server does. */
function summaryFor(
  year: ReturnType<typeof generateYear>,
  { fromMs, toMs, feed }: { fromMs: number; toMs: number; feed: Feed },
): Summary {
  const within = (points: Point[]) => points.filter(({ x }) => x >= fromMs && x < toMs);
  const limit =
    feed === 'raw' ? Infinity : graphPointLimitForSpan({ fromMs, toMs, isPuckLog: false });
  const graph = (points: Point[]) =>
    downsampleLttb(within(points), limit).map(({ x, y }): [number, number] => [
      x,
      Math.round(y * 10) / 10,
    ]);
  return {
    tempData: graph(year.temperature),
    humidityData: graph(year.humidity),
    powerData: graph(year.power),
    // A PRO unit in °F (device-management §9), widened by the margin of 5.
    axisMin: -45,
    axisMax: 125,
    stats: {
      temperature: statsOf(within(year.temperature)),
      humidity: statsOf(within(year.humidity)),
    },
    alarmSpells: year.spells.filter((spell) => spell.from < toMs && (spell.to ?? toMs) > fromMs),
    from: fromMs,
    to: Math.min(toMs, Date.now()),
  };
}

/** Answers the page's calls; summaries are built once per period and feed, then kept. */
async function answerApi(
  page: Page,
  {
    feed,
    answerSummary,
    unknown,
  }: { feed: Feed; answerSummary: (key: string) => string; unknown: Set<string> },
): Promise<void> {
  const devicePath = `/api/users/${BENCH_USER.Id}/devices/${DEVICE.Id}`;
  const summaryPath = `/api/reportsummary/devices/${DEVICE.Id}`;
  const device = JSON.stringify(DEVICE);
  await page.route(/\/(api\/|[A-Za-z]+Gateway\.php)/, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === devicePath) {
      return route.fulfill({ contentType: 'application/json', body: device });
    }
    if (url.pathname === `/api/reportschedule/devices/${DEVICE.Id}`) {
      return route.fulfill({ json: { WeeklyReport: false } });
    }
    if (url.pathname === summaryPath) {
      const key = `${feed}:${url.searchParams.get('from')}:${url.searchParams.get('to')}`;
      return route.fulfill({ contentType: 'application/json', body: answerSummary(key) });
    }
    unknown.add(`${route.request().method()} ${url.pathname}`);
    return route.fulfill({
      status: 404,
      json: { error: { code: 'NOT_FOUND', message: 'Not in the bench fixtures.' } },
    });
  });
}

/**
 * Runs in the page (a string: bench/ is typed for Node, not the DOM). Tags the day's canvases,
 * clicks "This Year", and resolves, in the first animation frame where new readings and power
 * canvases stand in a graph no longer dimmed as a placeholder, with the milliseconds since the
 * click. uPlot draws in a microtask after it is built, so by that frame the year is on the canvas.
 */
const TIME_YEAR_DRAW = `(async () => {
  for (const canvas of document.querySelectorAll('canvas')) canvas.dataset.before = '1';
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'This Year');
  if (!button) throw new Error('no This Year button');
  const drawn = () =>
    document.querySelector('div[aria-busy="false"] [role="img"][aria-label^="Graph of"] canvas:not([data-before])') &&
    document.querySelector('div[aria-busy="false"] [role="img"][aria-label^="Power graph"] canvas:not([data-before])');
  const start = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const tick = () => {
      if (drawn()) resolve(undefined);
      else if (performance.now() - start > 60000) reject(new Error('the year was not drawn in 60 s'));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return performance.now() - start;
})()`;

async function timeYearDraw(
  browser: Browser,
  appUrl: string,
  options: { feed: Feed; answerSummary: (key: string) => string; unknown: Set<string> },
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({
      content: `localStorage.setItem('monitor.session', ${JSON.stringify(benchSession())});`,
    });
    const page = await context.newPage();
    await answerApi(page, options);
    await page.goto(`${appUrl}/devices/${DEVICE.Id}/history`, { waitUntil: 'commit' });
    // Today's graph first: the page is up, the chart code loaded.
    await page.waitForSelector('[role="img"][aria-label^="Power graph"] canvas', {
      timeout: 60_000,
    });
    return await page.evaluate<number>(TIME_YEAR_DRAW);
  } finally {
    await context.close();
  }
}

export async function benchHistoryChart(): Promise<void> {
  const distDir = mkdtempSync(join(tmpdir(), 'bench-history-chart-'));
  try {
    // A build of its own, as bench/web: a build running in apps/web cannot empty dist under it.
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      {
        cwd: WEB_DIR,
        stdio: 'inherit',
      },
    );
    const year = generateYear(yearStartMs());
    const answers = new Map<string, string>();
    const answerSummary = (key: string) => {
      const known = answers.get(key);
      if (known) return known;
      const [feed, from, to] = key.split(':');
      const body = JSON.stringify(
        summaryFor(year, {
          fromMs: Number(from) * 1000,
          toMs: Number(to) * 1000,
          feed: feed as Feed,
        }),
      );
      answers.set(key, body);
      return body;
    };
    const { url, server } = await serveBuiltApp(distDir);
    const browser = await launchChromium();
    const unknown = new Set<string>();
    try {
      const time = (feed: Feed) => timeYearDraw(browser, url, { feed, answerSummary, unknown });
      await time('downsampled'); // warm-up: Chromium's first page pays for its own start
      await time('raw');
      const downsampled: number[] = [];
      const raw: number[] = [];
      // Side by side, alternating, so drift on a shared machine falls on both.
      for (let round = 0; round < ROUNDS; round += 1) {
        downsampled.push(await time('downsampled'));
        raw.push(await time('raw'));
      }
      const sizes = [...answers]
        .filter(([key]) => Number(key.split(':')[2]) - Number(key.split(':')[1]) > 31 * 86_400)
        .map(([key, body]) => {
          const summary = JSON.parse(body) as Summary;
          return `${key.split(':')[0]} ${summary.tempData.length} points a series, ${(body.length / 1e6).toFixed(2)} MB`;
        });
      const [fast, slow] = [percentile(downsampled, 50), percentile(raw, 50)];
      console.log(
        `history chart, "This Year" to drawn (${ROUNDS} rounds; ${READINGS} readings, limit ${GRAPH_POINT_LIMIT}):` +
          `\n  downsampled median ${fast.toFixed(0)} ms (p90 ${percentile(downsampled, 90).toFixed(0)})` +
          `\n  raw         median ${slow.toFixed(0)} ms (p90 ${percentile(raw, 90).toFixed(0)})` +
          `\n  raw against downsampled: ${formatRatio(slow / fast)}` +
          `\n  answers: ${sizes.join('; ')}`,
      );
      if (unknown.size > 0)
        console.log(`  calls answered 404 by the fixtures: ${[...unknown].join(', ')}`);
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}
