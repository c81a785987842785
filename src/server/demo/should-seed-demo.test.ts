import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { organization } from '../db/schema';
import { useTestDatabase } from '../test-support/use-test-database';
import { testConfig } from '../test-support/test-app';
import { shouldSeedDemo } from './seed-demo';

const database = useTestDatabase();

describe('when the demo data is seeded', () => {
  it('follows DEMO_DATA, the backend, and only on an empty database', async () => {
    const as = (kind: Database['kind']) => ({ ...database, kind });
    expect(await shouldSeedDemo(testConfig(), as('pglite'))).toBe(true);
    expect(await shouldSeedDemo(testConfig({ DEMO_DATA: 'false' }), as('pglite'))).toBe(false);
    expect(await shouldSeedDemo(testConfig(), as('postgres'))).toBe(false);
    expect(await shouldSeedDemo(testConfig({ DEMO_DATA: 'true' }), as('postgres'))).toBe(true);

    await database.db.insert(organization).values({ legalName: 'Existing Co' });
    expect(await shouldSeedDemo(testConfig(), as('pglite'))).toBe(false);
    expect(await shouldSeedDemo(testConfig({ DEMO_DATA: 'true' }), as('postgres'))).toBe(false);
  });
});
