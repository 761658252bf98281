// One lint config for the monorepo. Type-aware rules catch real bugs (floating promises,
// non-exhaustive switches); `no-restricted-imports` enforces the architecture's import
// boundaries: domain is pure, nothing imports from apps/*, web features stay independent and
// build on web entities, which import no feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noAppImports = {
  group: ['@monitor/server', '@monitor/web', '**/apps/*'],
  message: 'Nothing imports from apps/*.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-prerender',
      'lighthouse-reports',
      'data',
      'e2e/artifacts',
      'e2e/test-results',
      'e2e/playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { patterns: [noAppImports] }],
    },
  },
  {
    // The journeys may use the server tests' stand-ins for outside services (a push service), not
    // the product's code.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@monitor/server', '@monitor/web', '**/apps/*/src/**'],
              message: 'The journeys reach the product as a person does; nothing imports its code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The benches' fair baselines run the product's own code to capture its statements, then
    // replay them through the bare driver (bench/product-sql.ts, decision 073).
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['node:*', 'fastify*', 'react*', 'kysely', 'pg', '@monitor/contract', 'zod'],
              message: 'packages/domain is pure: no I/O, no framework, no contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain's folders import one way (packages/domain/src/README.md): shared is the floor.
    files: ['packages/domain/src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['node:*', 'fastify*', 'react*', 'kysely', 'pg', '@monitor/contract', 'zod'],
              message: 'packages/domain is pure: no I/O, no framework, no contract.',
            },
            {
              group: ['../*/**', '!../shared/**'],
              message: 'domain/shared imports no other folder of the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['**/features/*/**', '!./**', '!../**'],
              message: 'Web features do not import each other; compose them in app/routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // entities/ is the layer below the features: what several features know about a device.
    // Features import it; it imports no feature and nothing of app/.
    files: ['apps/web/src/entities/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Web entities import no feature and nothing of app/; features import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON answers as `any` on purpose: the assertions are the type check.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
