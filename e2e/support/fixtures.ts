import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { trailFile } from './trail';

export { expect };

/** Chromium's console report of a blocked resource, and our own (the init script below). */
export const CSP_MESSAGE = /Content[- ]Security[- ]Policy|securitypolicyviolation/i;

/** What one test's browsers did, kept for the leak check (e2e/zz-no-secrets-leaked.spec.ts). */
export interface Trail {
  test: string;
  /** Every page's history entries at the end (or when its context closed), from the browser. */
  history: string[];
  /** Every request's URL and its Referer header. */
  requests: Array<{ url: string; referer: string | null }>;
  /** Passwords the pages sent to the sign-in endpoints, and session tokens they were given. */
  secrets: string[];
}

const SIGN_IN_CALL = /\/(api\/)?auth\//;
const PASSWORD_FIELDS = ['password', 'newPassword', 'currentPassword'];
const SESSION_COOKIE = /(?:^|[\s;,])(?:__Secure-)?registry\.session_token=([^;,\s]+)/g;

class Watcher {
  private readonly trail: Trail;
  private readonly pending: Promise<unknown>[] = [];
  private readonly watched = new WeakSet<Page>();

  constructor(
    test: string,
    private readonly csp: string[],
  ) {
    this.trail = { test, history: [], requests: [], secrets: [] };
  }

  async watchContext(context: BrowserContext) {
    // Chromium also logs a violation itself; this makes every one visible, whatever its kind.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`,
        );
      });
    });
    context.pages().forEach((p) => this.watchPage(p));
    context.on('page', (p) => this.watchPage(p));
    context.on('request', (r) => this.onRequest(r));
    context.on('response', (r) => this.onResponse(r));
    // A test that closes a context of its own: keep its pages' history first.
    const close = context.close.bind(context);
    context.close = async (options) => {
      await this.snapshot(context);
      return close(options);
    };
  }

  private watchPage(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('console', (m) => {
      if (CSP_MESSAGE.test(m.text())) this.csp.push(`${page.url()}: ${m.text()}`);
    });
  }

  private onRequest(request: Request) {
    this.pending.push(
      request
        .headerValue('referer')
        .catch(() => null)
        .then((referer) => this.trail.requests.push({ url: request.url(), referer })),
    );
    if (request.method() === 'POST' && SIGN_IN_CALL.test(request.url())) {
      try {
        const body = request.postDataJSON() as Record<string, unknown> | null;
        for (const f of PASSWORD_FIELDS)
          if (typeof body?.[f] === 'string' && body[f]) this.trail.secrets.push(body[f]);
      } catch {
        // not JSON
      }
    }
  }

  private onResponse(response: Response) {
    if (!SIGN_IN_CALL.test(response.url())) return;
    this.pending.push(
      (async () => {
        for (const h of await response.headersArray()) {
          if (h.name.toLowerCase() !== 'set-cookie') continue;
          for (const m of h.value.matchAll(SESSION_COOKIE)) this.addSession(m[1]!);
        }
        if (!/json/.test((await response.headerValue('content-type')) ?? '')) return;
        const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
        for (const f of ['accessToken', 'refreshToken'])
          if (typeof body?.[f] === 'string') this.trail.secrets.push(body[f]);
      })().catch(() => undefined),
    );
  }

  /** A cookie value is "<token>.<signature>": either part alone is a secret too. */
  private addSession(value: string) {
    const decoded = decodeURIComponent(value);
    if (!decoded) return;
    this.trail.secrets.push(decoded, ...decoded.split('.').filter((p) => p.length >= 16));
  }

  async snapshot(context: BrowserContext) {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      try {
        const cdp = await context.newCDPSession(page);
        const { entries } = (await cdp.send('Page.getNavigationHistory')) as {
          entries: Array<{ url: string }>;
        };
        this.trail.history.push(...entries.map((e) => e.url));
        await cdp.detach();
      } catch {
        this.trail.history.push(page.url());
      }
    }
    try {
      for (const c of await context.cookies())
        if (c.name.endsWith('registry.session_token')) this.addSession(c.value);
    } catch {
      // already closed
    }
  }

  async finish(file: string) {
    await Promise.allSettled(this.pending);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(this.trail)}\n`);
  }
}

/**
 * Every spec's `test`: fails a test whose pages reported a Content Security Policy violation
 * (HDR-01), in any context it used, and records its browsers' history, Referer headers and the
 * secrets they handled for the leak check that runs last (LOG-03, SES-09).
 */
export const test = base.extend<{ cspViolations: string[]; watchBrowsers: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this.
  cspViolations: async ({}, use) => {
    await use([]);
  },
  watchBrowsers: [
    async ({ context, browser, cspViolations }, use, testInfo) => {
      const watcher = new Watcher(testInfo.titlePath.join(' › '), cspViolations);
      await watcher.watchContext(context);
      const own: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      const patched = browser as Browser & { newContext: Browser['newContext'] };
      patched.newContext = async (options) => {
        const created = await newContext(options);
        own.push(created);
        await watcher.watchContext(created);
        return created;
      };
      try {
        await use();
      } finally {
        patched.newContext = newContext;
        for (const c of [context, ...own]) await watcher.snapshot(c).catch(() => undefined);
        await watcher.finish(trailFile());
      }
      // A test that provokes a violation on purpose takes it out of this list.
      expect(cspViolations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
