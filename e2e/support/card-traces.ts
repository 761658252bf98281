import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';

/*
 * Proof that a card number typed into the card fields reaches nothing of the product (issue #14,
 * decision 038): not the app page's own script context, not a request the page makes to the
 * product, not the server's log, not the database. Every check first finds something it knows
 * is there, so a check that looks in the wrong place fails instead of passing.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The ways a number may be written: as typed with spaces, with dashes, and bare. */
export function cardNumberForms(cardNumber: string): string[] {
  const digits = cardNumber.replace(/\D/g, '');
  const groups = digits.match(/.{1,4}/g) ?? [];
  return [digits, groups.join(' '), groups.join('-')];
}

/** Records every request the page makes to the product's API (URL, headers and body). */
export function recordApiRequests(page: Page): string[] {
  const lines: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    lines.push(
      `${request.method()} ${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`,
    );
  });
  return lines;
}

const expectNone = (where: string, text: string, forms: string[]) => {
  for (const form of forms) expect(text.includes(form), `${form} in ${where}`).toBe(false);
};

/** Every string the page's own JavaScript heap holds (a V8 heap snapshot through the DevTools protocol). */
async function pageHeapText(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await session.detach();
  return chunks.join('');
}

/** The app page's script context holds no form of the number; a probe string proves the search. */
export async function expectNotInPageScript(page: Page, cardNumber: string): Promise<void> {
  // Built in the page at run time, so it exists only as a string of the page's heap.
  const probe = await page.evaluate<string>(`(() => {
    window.cardTraceProbe = ['card', 'trace', 'probe', String(Date.now())].join('-');
    return window.cardTraceProbe;
  })()`);
  const heap = await pageHeapText(page);
  expect(heap, 'the heap snapshot holds the probe').toContain(probe);
  expectNone("the app page's script context", heap, cardNumberForms(cardNumber));
}

/** No request to the product's API carried the number; at least one request was recorded. */
export function expectNotInApiRequests(requests: string[], cardNumber: string): void {
  expect(requests.length, 'requests to the API were recorded').toBeGreaterThan(0);
  expectNone('a request to the API', requests.join('\n'), cardNumberForms(cardNumber));
}

/** The server's log (LOG_FILE in the Playwright config) holds request lines but not the number. */
export async function expectNotInServerLog(cardNumber: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const log = await readFile(join(dataDir, 'server.log'), 'utf8');
  expect(log, 'the log holds request lines').toContain('"url":"/api/');
  expectNone("the server's log", log, cardNumberForms(cardNumber));
}

/** A dump of every table (`npm run admin -- dump-database`) holds `knownText` but not the number. */
export async function expectNotInDatabase(cardNumber: string, knownText: string): Promise<void> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'dump-database'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    maxBuffer: 1024 * 1024 * 1024,
  });
  expect(stdout, 'the dump holds what the journey saved').toContain(knownText);
  expectNone('the database', stdout, cardNumberForms(cardNumber));
}
