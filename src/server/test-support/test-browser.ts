import type { TestApp } from './test-app';

export interface BrowserStep {
  url: string;
  status?: number;
  headers: Record<string, unknown>;
  visited: string[];
}

/**
 * A browser for sign-in tests: a cookie jar per host name, redirects followed by hand, the app
 * reached through inject and anything else (the local OpenID provider) through fetch. `headers`
 * go with every request to the app (a user agent, a forged x-request-id...).
 */
export function testBrowser(t: TestApp, headers: Record<string, string> = {}) {
  const app = new URL(t.config.publicUrl).origin;
  const jar = new Map<string, Map<string, string>>();
  const visited: string[] = [];
  /** The responses the app gave on the way, with their headers. */
  const appResponses: Array<{ url: string; status: number; headers: Record<string, unknown> }> = [];
  async function go(start: string, stopAt?: (url: string) => boolean): Promise<BrowserStep> {
    let url = start;
    for (let hop = 0; hop < 25; hop++) {
      visited.push(url);
      const u = new URL(url, app);
      const cookies = jar.get(u.hostname) ?? new Map<string, string>();
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let status: number;
      let location: string | null;
      let setCookies: string[];
      let resHeaders: Record<string, unknown> = {};
      if (u.origin === app) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${u.pathname}${u.search}`,
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
        });
        status = res.statusCode;
        location = res.headers.location ?? null;
        setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
        resHeaders = res.headers;
        appResponses.push({ url: u.href, status, headers: res.headers });
      } else {
        const res = await fetch(u, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        status = res.status;
        location = res.headers.get('location');
        setCookies = res.headers.getSetCookie();
      }
      for (const sc of setCookies) {
        const [nv] = sc.split(';');
        const i = nv!.indexOf('=');
        const name = nv!.slice(0, i).trim();
        const value = nv!.slice(i + 1).trim();
        if (!jar.has(u.hostname)) jar.set(u.hostname, new Map());
        if (!value || /max-age=0/i.test(sc)) jar.get(u.hostname)!.delete(name);
        else jar.get(u.hostname)!.set(name, value);
      }
      if (status >= 300 && status < 400 && location) {
        const next = new URL(location, u).href;
        if (stopAt?.(next)) return { url: next, headers: resHeaders, visited };
        url = next;
        continue;
      }
      return { url: u.href, status, headers: resHeaders, visited };
    }
    throw new Error('too many redirects');
  }
  const session = () => jar.get('localhost')?.get('registry.session_token');
  return { go, jar, session, appResponses };
}
