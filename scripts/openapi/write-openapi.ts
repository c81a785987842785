// Writes the API's OpenAPI document (what /docs/json serves) to a file, from an app built on an
// in-memory embedded database: `tsx scripts/openapi/write-openapi.ts out.json`.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open-database';
import { testConfig } from '../../src/server/test-support/test-app';

const out = process.argv[2] ?? 'openapi.json';
const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'error' }), database });
await app.ready();
writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
