import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Three tiers: unit (pure, beside the code), integration (HTTP + real PostgreSQL), e2e (real server + Chromium). */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'tests/static/**/*.test.ts'],
          environment: 'node',
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
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
