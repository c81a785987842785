// The real app for the bench, in its own process: buildApp on the scratch database, listening on
// 127.0.0.1, with an administrator session made the way the tests make one (signInAs).
import { buildApp } from '../../src/server/app';
import { parseConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/open-database';
import { signInAs } from '../../src/server/test-support/fixtures';
import { CapturingClient, installSqlCapture } from './sql-capture';
import { send, serveCapture } from './protocol';

const capture = installSqlCapture();

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const port = Number(process.env.BENCH_PORT);
  const adminEmail = process.env.BENCH_ADMIN_EMAIL!;
  const config = parseConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdefghijklmnop',
    LOG_LEVEL: 'silent',
  });
  const database = openPostgres(databaseUrl, undefined, { Client: CapturingClient });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });

  const headers = await signInAs(
    { app, database, config, logs: [], close: async () => {} },
    adminEmail,
  );
  const found = await database.pool!.query<{ id: string }>(
    'select id from auth_user where lower(email) = lower($1)',
    [adminEmail],
  );
  send({ type: 'listening', port, session: { headers, userId: found.rows[0]!.id } });

  serveCapture(capture, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
