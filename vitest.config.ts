import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Four tiers: unit (pure, beside the code), integration (HTTP + real PostgreSQL), faults (the real server
 * as a child process while its database fails or it is killed), e2e (real server + Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'tests/static/**/*.test.ts'],
          environment: 'node',
          // DOM tests render antd screens; on a busy 2-core CI box one can take several seconds.
          testTimeout: 20_000,
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file runs a real server under load and times its recovery: one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits up to 1 s by default: on a loaded 2-core box one reading of a screen (a
          // card past its skeleton, a table's rows) can take longer than that. A passing poll returns
          // as soon as it matches, so only a failing one waits the whole 10 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
