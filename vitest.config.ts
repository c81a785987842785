import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'e2e/support/**/*.test.ts',
      // PostgreSQL-only behaviour (outages, real concurrency) runs when a server is configured.
      ...(process.env.TEST_DATABASE_URL ? ['src/**/*.pg-test.ts'] : []),
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite instances are heavy; keep parallelism modest.
    maxWorkers: 2,
    pool: 'forks',
  },
});
