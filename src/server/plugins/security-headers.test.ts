import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutePaths } from '../../contract/web-routes';
import { rows } from '../db/sql';
import {
  addLogin,
  createHolder,
  createOrganization,
  sessionCookieOf,
} from '../test-support/fixtures';
import { recordsAChange } from '../test-support/audited-reads';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let holderId: string;
const PW = 'correct horse battery staple';
const ORIGIN = 'http://localhost:3000';
/** Content types that are text, and so must name their charset. */
/** The files the API sends that are not text: PDFs, OCF packages (zip), Excel workbooks. */
const DOWNLOAD_TYPE =
  /^application\/(pdf|zip|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|x-yaml|yaml)\b|[^;]+\+(json|xml)\b)/;

beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'registry-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDir, 'assets', 'app-abc123.css'), 'body{margin:0}');
  writeFileSync(join(webDir, 'auth-popup.html'), '<!doctype html><script src="/auth-popup.js">');
  writeFileSync(join(webDir, 'auth-popup.js'), 'void 0;');
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDir, env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'reg-')) } });
  const { organization } = await createOrganization(t.database.db);
  holderId = (
    await createHolder(t.database.db, organization.id, {
      name: 'Avery Admin',
      email: 'admin@t.test',
      isAdmin: true,
    })
  ).id;
  await addLogin(t, 'admin@t.test', 'Avery', PW);
});
afterAll(() => t.close());

let ip = 0;
const login = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: ORIGIN },
    payload: { username: 'admin@t.test', password: PW },
    remoteAddress: `10.3.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
  expect(res.statusCode).toBe(200);
  return {
    res,
    cookie: sessionCookieOf(res.headers['set-cookie'])!,
    tokens: res.json<{ accessToken: string; refreshToken: string }>(),
  };
};

/** A concrete URL for a route of the inventory. */
const urlOf = (pattern: string) =>
  pattern
    .replace(':id', holderId)
    .replace(':providerId', 'google')
    .replace('/docs/static/*', '/docs/static/index.html')
    .replace(/\/\*$/, '/favicon.svg');

describe('Cache-Control: no-store (HDR-07)', () => {
  it('is on every answer of the sign-in endpoints, signed in or not, success or refusal', async () => {
    const { res: loggedIn, cookie, tokens } = await login();
    const answers = [
      loggedIn,
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'admin@t.test', password: 'wrong password 1' },
        remoteAddress: '10.9.0.1',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        payload: { refreshToken: tokens.refreshToken },
      }),
      await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions' }),
      await t.app.inject({
        method: 'POST',
        url: '/auth/validate-reset-token',
        payload: { token: 'x' },
      }),
      await t.app.inject({ method: 'GET', url: '/auth/account' }),
      await t.app.inject({ method: 'GET', url: '/auth/callback' }),
      await t.app.inject({ method: 'GET', url: '/auth/nope' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([
      200, 401, 200, 401, 200, 401, 200, 401, 200, 404,
    ]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is on every authenticated JSON answer: every GET route, by cookie and by bearer token', async () => {
    const { cookie, tokens } = await login();
    const gets = t.app.routeInventory.filter(
      (r) => r.startsWith('GET /api/') || r.startsWith('GET /auth/'),
    );
    expect(gets.length).toBeGreaterThan(8);
    let checked = 0;
    for (const route of gets) {
      if (route.includes('/callback/') || route.endsWith('/oauth/google')) continue;
      for (const headers of [{ cookie }, { authorization: `Bearer ${tokens.accessToken}` }]) {
        const res = await t.app.inject({ method: 'GET', url: urlOf(route.slice(4)), headers });
        if (!/json/.test(String(res.headers['content-type']))) continue;
        expect(res.headers['cache-control'], route).toMatch(/\bno-store\b/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(12);
  });
});

describe('X-Content-Type-Options and charset (HDR-03)', () => {
  it('are on every response of a crawl over every route, the pages and the static files', async () => {
    const requests: Array<{ method: string; url: string }> = [
      ...t.app.routeInventory.map((r) => {
        const [method, pattern] = r.split(' ') as [string, string];
        return { method, url: urlOf(pattern) };
      }),
      ...webRoutePaths.map((url) => ({ method: 'GET', url })),
      ...[
        '/assets/app-abc123.js',
        '/assets/app-abc123.css',
        '/auth-popup.html',
        '/auth-popup.js',
        '/favicon.svg',
        '/no-such-page',
        '/api/no-such-thing',
      ].map((url) => ({ method: 'GET', url })),
    ];
    let crawled = 0;
    for (const { method, url } of requests)
      // Anonymous, then signed in afresh (some of the routes crawled end the session).
      for (const headers of [{}, { cookie: (await login()).cookie, origin: ORIGIN }]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' ? {} : { payload: {} }),
          remoteAddress: `10.4.${Math.floor(crawled / 250)}.${(crawled % 250) + 1}`,
        });
        crawled++;
        const what = `${method} ${url} → ${res.statusCode}`;
        expect(res.headers['x-content-type-options'], what).toBe('nosniff');
        const type = String(res.headers['content-type'] ?? '');
        if (res.rawPayload.length > 0) expect(type, what).not.toBe('');
        if (TEXT_TYPE.test(type)) expect(type, what).toMatch(/;\s*charset=utf-8/i);
        else if (type) expect(type, what).toMatch(DOWNLOAD_TYPE);
      }
    expect(crawled).toBeGreaterThan(100);
    // Every route twice, each signed in afresh: the crawl grows with the API.
  }, 120_000);
});

describe('HTTP methods and GET routes (HDR-08)', () => {
  it('answers TRACE with 405 on every path', async () => {
    for (const url of ['/', '/login', '/api/v1/shareholders', '/auth/login', '/nope']) {
      const res = await t.app.inject({ method: 'TRACE' as 'GET', url });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT');
      expect(res.json()).toEqual({
        code: 'HTTP.METHOD_NOT_ALLOWED',
        message: 'TRACE is not allowed.',
      });
    }
  });

  it('changes nothing through GET: every GET route called, every table the same after (except the two OAuth navigations)', async () => {
    // The spec's Google sign-in is a browser navigation (GET) that stores the OAuth state, and
    // the provider returns by GET with the code: OAuth itself requires both.
    const oauthNavigations = ['GET /auth/oauth/google', 'GET /api/auth/callback/:providerId'];
    const { cookie } = await login();
    const tables = (
      await rows<{ name: string }>(
        t.database.db,
        sql`select table_name as name from information_schema.tables
             where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    )
      .map((r) => r.name)
      // The chain's head moves with every audit entry, a download's too: the entries are compared.
      .filter((name) => name !== 'auth_rate_limit' && name !== 'audit_chain_head');
    expect(tables).toContain('shareholder');
    expect(tables).toContain('auth_session');
    // Sessions count by id: reading one slides its expiry, which is not a change of state; nor
    // is better-auth's count of requests per IP (auth_rate_limit).
    const snapshot = async () => {
      const out: Record<string, string> = {};
      for (const name of tables) {
        const column = name === 'auth_session' ? sql.raw('t.id') : sql.raw('t::text');
        // A download's audit entry records a read (decisions 125, 126), not a change.
        const kept = name === 'audit_entry' ? recordsAChange(sql.raw('t.action')) : sql`true`;
        const [row] = await rows<{ digest: string | null }>(
          t.database.db,
          sql`select md5(string_agg(${column}, '|' order by ${column})) as digest
                from ${sql.identifier(name)} t where ${kept}`,
        );
        out[name] = row?.digest ?? 'empty';
      }
      return out;
    };
    const gets = t.app.routeInventory.filter(
      (r) => r.startsWith('GET ') && !oauthNavigations.includes(r),
    );
    expect(gets.length).toBeGreaterThan(20);
    const before = await snapshot();
    for (const route of gets)
      for (const headers of [{}, { cookie }]) {
        const url = urlOf(route.slice(4)).replace(
          /\/certificates\/[^/]+$/,
          `/certificates/${randomUUID()}`,
        );
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, route).toBeLessThan(500);
      }
    expect(await snapshot()).toEqual(before);
  });
});
