import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/open-database';
import { accessPolicy, publicPrefixes } from './access-policy';
import { createHolder, createOrganization, signInAs } from './test-support/fixtures';
import { expectPagePolicies } from './test-support/expect-page-policies';
import { createTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'registry-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  );
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDir });
});
afterAll(() => t.close());

describe('web app serving', () => {
  it.each(['/', '/login', '/view', '/transaction', '/auth/callback', '/noaccount'])(
    'serves index.html for the app route %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('answers JSON 404 for unknown /api and /auth paths, even to a browser', async () => {
    for (const url of ['/api/nope', '/auth/nope', '/api/v1/unknown/thing', '/%61pi/nope']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 'HTTP.NOT_FOUND' });
    }
  });

  it('answers 404 (never index.html) for a missing asset or an unknown path asked by a script', async () => {
    for (const url of ['/assets/nope.js', '/no-such-page', '/view/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it("shows a browser the app's 404 page for an unknown page, with status 404", async () => {
    for (const url of ['/no-such-page', '/view/extra', '/shareholders?x=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: {
          host: 'localhost:3000',
          accept: 'text/html,application/xhtml+xml',
          'sec-fetch-mode': 'navigate',
        },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and pages with no-cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it.each(['/healthz', '/login', '/api/nope', '/assets/app-abc123.js'])(
    'are on every response: %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(
        /max-age=31536000; includeSubDomains/,
      );
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['cross-origin-opener-policy']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(String(res.headers['content-type'])).toMatch(/charset=utf-8/);
    },
  );

  it('lets the login page open the Google popup and keeps the reset page free of referrers', async () => {
    await expectPagePolicies(t);
  });

  it('never reflects a foreign Origin (no CORS) and refuses TRACE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/' });
    expect(trace.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    for (const url of ['/healthz', '/api/v1/mysql/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    }
  });

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/none');
    const down = await createTestApp({ database: unreachable });
    try {
      for (const url of ['/healthz', '/api/v1/mysql/health']) {
        const res = await down.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
      }
    } finally {
      await down.close();
    }
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas and browsable at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty(['/healthz']);
    expect(doc.paths).toHaveProperty(['/api/v1/mysql/health']);
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-initializer.js');
  });
});

describe('/docs (Swagger UI) headers', () => {
  /** The directives of a CSP header, each with its sources. */
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name!, sources]),
    );

  it.each([
    '/docs',
    '/docs/',
    '/docs/static/swagger-initializer.js',
    '/docs/static/swagger-ui-bundle.js',
    '/docs/static/swagger-ui.css',
    '/docs/json',
  ])('keep a CSP with no inline or foreign script: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const d = directives(csp);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    // Inline event handlers: blocked by script-src 'self', and by script-src-attr when it is set.
    expect(d.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).not.toContain('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(res.headers['content-type'])).toMatch(/charset=utf-8/);
  });

  it('loads its script from a file, never inline', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i); // no inline event handlers
  });
});

describe('logs', () => {
  it('carry a request id and redact credentials', async () => {
    const secret = 'Bearer sekret-token-1234567890';
    await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { authorization: secret, cookie: 'registry.session_token=cookie-secret-987' },
    });
    const lines = t.logs.filter((l) => (l.req as { url?: string } | undefined)?.url === '/healthz');
    expect(lines.length).toBeGreaterThan(0);
    const line = lines.at(-1)!;
    expect(line.reqId).toEqual(expect.any(String));
    const headers = (line.req as { headers: Record<string, unknown> }).headers;
    expect(headers.authorization).toBe('[Redacted]');
    expect(headers.cookie).toBe('[Redacted]');
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain('sekret-token');
    expect(all).not.toContain('cookie-secret');
  });

  it('cut reset tokens out of logged URLs', async () => {
    await t.app.inject({ method: 'GET', url: '/reset-password?token=tok-abcdef-123456' });
    expect(JSON.stringify(t.logs)).not.toContain('tok-abcdef-123456');
  });
});

describe('access policy', () => {
  it('maps every registered route, and only registered routes', () => {
    const routes = new Set(t.app.routeInventory);
    expect(routes.size).toBeGreaterThan(3);
    for (const key of routes) {
      if (publicPrefixes.some((p) => key.split(' ')[1]!.startsWith(p))) continue;
      expect(accessPolicy, `route ${key} is missing from the access policy`).toHaveProperty([key]);
    }
    for (const key of Object.keys(accessPolicy)) {
      expect(routes.has(key), `policy row ${key} has no route`).toBe(true);
    }
  });
});

describe('path parameters', () => {
  it('a very long one reaches the route and is refused 400 naming it, not the router 414', async () => {
    const { organization } = await createOrganization(t.database.db, 'Long Params, Inc.');
    const admin = await createHolder(t.database.db, organization.id, {
      name: 'Lee Admin',
      email: 'lee-admin@long.test',
      isAdmin: true,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shareholders/${'a'.repeat(5000)}`,
      headers: await signInAs(t, admin.email!),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field: 'id' });
  });
});
