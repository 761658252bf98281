import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// With TEST_SEED set (as CI and `npm run test:repeat` do), the files run in an order shuffled by
// that seed, so a file that leans on another's leftovers (rows, ports, the data folder) fails, and
// the printed seed replays the order (issue #21). The tests inside a file keep their order: a
// server file is often one scenario told step by step.
const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : undefined;

// The web app's component tests share one module cache and one jsdom per worker (`isolate:
// false`): a fresh one per file cost 3 of the project's 6 minutes, and `src/test/setup.ts` puts
// back after each test what a test may change (session, storage, cookies, toasts, mocks). These
// files keep a cache of their own: they render with the server's renderer, which leaves the
// values it provided on React's shared context objects (the brand's tenant), or mock a module.
const WEB_ISOLATED = [
  'src/entry-prerender.test.tsx',
  'src/app/prerendered.test.tsx',
  'src/app/routes/landing-pages.test.tsx',
];

// A worker keeps its module cache only while the next file is of the same project: the web files
// run first, all of them, then the server's, then the rest (which isolate each file anyway). Mixed
// in one shuffled queue, a worker switching between jsdom and Node threw the caches away, and a web
// file's lazy import still loading when its jsdom was torn down failed another file.
const LAST = { groupOrder: 2 };

// One test run for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // A file per core. Vitest's default leaves one core to its main process, which only collects
    // results: on CI's two cores that ran the files one at a time (25 minutes, not 13).
    maxWorkers: availableParallelism(),
    sequence: seed === undefined ? {} : { shuffle: { files: true, tests: false }, seed },
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', sequence: LAST } },
      {
        test: { name: 'contract', root: 'packages/contract', environment: 'node', sequence: LAST },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // One module cache per worker: each file builds its own app on its own database copy
          // (test/helpers/test-app.ts), and importing the server's modules once per file was a
          // third of the project's time (twice in CI: embedded, then PostgreSQL).
          isolate: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node', sequence: LAST } },
      {
        // Real server processes started as `npm run serve` starts them (e2e/system/support).
        test: {
          name: 'system',
          root: 'e2e',
          include: ['system/**/*.test.ts'],
          environment: 'node',
          sequence: LAST,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          isolate: false,
          sequence: { groupOrder: 0 },
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: WEB_ISOLATED, sequence: LAST },
      },
    ],
  },
});
