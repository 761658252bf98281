import { defineConfig } from 'vitest/config';

// One test run for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
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
