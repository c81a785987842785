import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // PUBLIC_URL http://localhost:3000
});
afterAll(() => t.close());

const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };

describe('canonical host', () => {
  it('sends a page navigation on another host to PUBLIC_URL, path and query kept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/login?next=%2Fview',
      headers: { ...page, host: '127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://localhost:3000/login?next=%2Fview');
  });

  it('keeps a path that looks like another host on our own origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '//evil.example/x',
      headers: { ...page, host: '127.0.0.1:3000' },
    });
    expect(res.headers.location).toBe('http://localhost:3000//evil.example/x');
  });

  it.each(['/healthz', '/api/v1/shareholders', '/auth/account', '/docs/json', '/%61pi/v1/x'])(
    'never redirects %s',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...page, host: '127.0.0.1:3000' },
      });
      expect(res.statusCode).not.toBe(308);
    },
  );

  it('leaves PUBLIC_URL itself, writes and non-page requests alone', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { ...page, host: 'localhost:3000' },
    });
    expect(own.statusCode).not.toBe(308);
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { accept: '*/*', host: '127.0.0.1:3000' },
    });
    expect(script.statusCode).not.toBe(308);
    const post = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...page, host: '127.0.0.1:3000' },
    });
    expect(post.statusCode).not.toBe(308);
  });
});
