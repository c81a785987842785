import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicy } from './access-policy';
import { buildApp } from './app';
import type { Database } from './db/open-database';
import { createHolder, createOrganization, signInAs } from './test-support/fixtures';
import { testConfig, type TestApp } from './test-support/test-app';
import { createTestDatabase } from './test-support/test-database';

// ACL-01: deny by default. A route someone registers without a row in the access policy answers
// 403 to everyone, administrators included, and the refusal is logged.

let app: FastifyInstance;
let database: Database;
let called = 0;
const logs: Array<Record<string, unknown>> = [];
const UNMAPPED = ['GET /api/v1/forgotten', 'POST /api/v1/forgotten/:id'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logStream: new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
  // Registered after every feature, as a careless change would: no row in the policy.
  app.get('/api/v1/forgotten', async () => {
    called++;
    return { secret: 'should never be served' };
  });
  app.post('/api/v1/forgotten/:id', async () => {
    called++;
    return { done: true };
  });
  await app.ready();
  const { organization } = await createOrganization(database.db);
  await createHolder(database.db, organization.id, {
    name: 'Avery Admin',
    email: 'admin@t.test',
    isAdmin: true,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a route missing from the access policy (ACL-01)', () => {
  it('is in the inventory but not in the policy', () => {
    for (const route of UNMAPPED) {
      expect(app.routeInventory).toContain(route);
      expect(accessPolicy[route]).toBeUndefined();
    }
  });

  it('answers 403 to everyone, administrators included, runs no handler, and logs the refusal', async () => {
    const admin = await signInAs(
      { app, database, config: testConfig(), logs, close: async () => {} } satisfies TestApp,
      'admin@t.test',
    );
    const before = logs.length;
    const calls = [
      { method: 'GET' as const, url: '/api/v1/forgotten', headers: {} },
      { method: 'GET' as const, url: '/api/v1/forgotten', headers: admin },
      { method: 'POST' as const, url: '/api/v1/forgotten/1', headers: admin, payload: {} },
      { method: 'HEAD' as const, url: '/api/v1/forgotten', headers: admin },
    ];
    for (const call of calls) {
      const res = await app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      if (call.method !== 'HEAD')
        expect(res.json()).toEqual({
          code: 'AUTH.FORBIDDEN',
          message: 'You do not have access to this resource.',
        });
    }
    expect(called).toBe(0);
    const refusals = logs
      .slice(before)
      .filter((l) => l.msg === 'access denied: route not in the access policy');
    expect(refusals.map((l) => l.route)).toEqual([
      'GET /api/v1/forgotten',
      'GET /api/v1/forgotten',
      'POST /api/v1/forgotten/:id',
      'HEAD /api/v1/forgotten',
    ]);
    for (const l of refusals) expect(l).toMatchObject({ level: 40, reqId: expect.any(String) });
  });
});
