import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite instances are heavy; keep parallelism modest.
    maxWorkers: 2,
    pool: 'forks',
  },
});
