import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// With TEST_SEED set (as CI and `npm run test:repeat` do), the files run in an order shuffled by
// that seed, so a file that leans on another's leftovers (rows, ports, the data folder) fails, and
// the printed seed replays the order (issue #21). The tests inside a file keep their order: a
// server file is often one scenario told step by step.
const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : undefined;

// One test run for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // A file per core. Vitest's default leaves one core to its main process, which only collects
    // results: on CI's two cores that ran the files one at a time (25 minutes, not 13).
    maxWorkers: availableParallelism(),
    sequence: seed === undefined ? {} : { shuffle: { files: true, tests: false }, seed },
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node' } },
      {
        // Real server processes started as `npm run serve` starts them (e2e/system/support).
        test: {
          name: 'system',
          root: 'e2e',
          include: ['system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
