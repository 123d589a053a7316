import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
// Vitest runs one file at a time on a 2-core machine (it keeps a core free); the files wait on
// servers, Chromium and child processes much of the time, so two at once finish the suite in about
// two thirds of the time. Every file starts its own servers on free ports with its own database.
const workers = Math.max(2, availableParallelism() - 1);

// Four projects: api, web and scoring run under Bun (`bun --bun vitest`), the runtime that serves
// production; e2e drives real Chromium through playwright-core and runs under Node.
export default defineConfig({
  root,
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/guards/**/*.test.ts'],
          server: { deps: { inline: ['@hono/graphql-server'] } },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web/setup.ts'],
          testTimeout: 20_000,
        },
        resolve: { alias: { bun: fileURLToPath(new URL('./support/web/bun-absent.ts', import.meta.url)) } },
      },
      {
        extends: true,
        test: {
          name: 'scoring',
          environment: 'node',
          include: ['tests/scoring/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
