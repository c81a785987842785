import { it, expect } from 'vitest';
import { createTestDatabase } from './test-support/test-database';
import { createTestApp } from './test-support/test-app';
it('times', async () => {
  for (let i = 0; i < 4; i++) {
    let t = performance.now();
    const db = await createTestDatabase();
    const tDb = performance.now() - t;
    t = performance.now();
    const app = await createTestApp({ database: db });
    const tApp = performance.now() - t;
    t = performance.now();
    await app.close();
    console.log('ROUND', i, Math.round(tDb), Math.round(tApp), Math.round(performance.now() - t));
  }
  expect(1).toBe(1);
}, 120000);
