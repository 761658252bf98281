import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the built product as `npm start` runs it — the server and the simulator
// driving the demo fleet — on its own port and a fresh embedded database (or, with DATABASE_URL, the
// PostgreSQL server CI points it at). Workers load this file again: the environment carries the
// main process's choices to them, so tests can reach the same data folder and simulator control.
const PORT = Number(process.env.E2E_PORT ?? 3900);
process.env.E2E_SIMULATOR_CONTROL_PORT ??= String(PORT + 1);
// The push alarms journey's stand-in for a browser's push service (issue #27).
process.env.E2E_PUSH_SERVICE_PORT ??= String(PORT + 2);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'monitor-e2e-'));
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // The theme honours it (respectReducedMotion): toasts appear whole, not half-faded, for axe.
    reducedMotion: 'reduce',
    // Each journey a fresh browser: the service worker would fetch the whole app into its cache
    // in the background of every one. The journeys about it allow it (push-alarms.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/server/src/demo/launch.ts',
    cwd: '..',
    url: `${baseURL}/api/brands`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      // Every request's line in a file the journeys search (e2e/support/card-traces.ts).
      LOG_LEVEL: 'info',
      LOG_FILE: join(process.env.E2E_DATA_DIR, 'server.log'),
      DEMO_SEED: 'true',
      // Every journey pays from this one address, most as the one demo customer, many times
      // within ten minutes: the card limits (issue #22) are the server tests' to prove.
      RATE_LIMIT_CARD_CALLS_PER_ADDRESS: '1000',
      RATE_LIMIT_CARD_CALLS_PER_USER: '1000',
      // Readings every 5 s so live values move while a test watches; the demo's 90 days of
      // history (a reading every 15 min) for the history journey's past weeks.
      SIMULATOR_INTERVAL: '5',
      SIMULATOR_BACKFILL_DAYS: '90',
      SIMULATOR_CONTROL_PORT: process.env.E2E_SIMULATOR_CONTROL_PORT,
      // Only the events a journey starts: a random leak at Server Room once failed the device
      // journey, which needs it OK before its cooling failure.
      SIMULATOR_RANDOM_EVENTS: 'off',
      PUSH_SERVICE_HOSTS: `127.0.0.1:${process.env.E2E_PUSH_SERVICE_PORT}`,
    },
  },
});
