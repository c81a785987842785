// Vitest's global setup (vitest.config.ts): names this run's template databases on PostgreSQL
// (test-database.ts: one per worker) and drops them once the run is over. Other runs on the same
// server keep theirs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const RUN_KEY = 'REGISTRY_TEST_RUN';

/** The first part of this run's template names; workers inherit the run from the environment. */
export function templateDatabasePrefix(): string {
  return `registry_template_${process.env[RUN_KEY] ?? 'solo'}_`;
}

export default function setup(): () => Promise<void> {
  process.env[RUN_KEY] = randomBytes(4).toString('hex');
  return async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) await dropTemplates(baseUrl, templateDatabasePrefix());
  };
}

async function dropTemplates(baseUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
