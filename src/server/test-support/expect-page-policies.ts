import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** The pages whose opener or referrer policy differs, and what each must send. */
const pagePolicies = [
  // The login page opens the Google popup.
  ['/login', 'cross-origin-opener-policy', 'same-origin-allow-popups'],
  // The reset page's address holds the token: no referrer may carry it away.
  ['/reset-password?token=x', 'referrer-policy', 'no-referrer'],
  ['/', 'cross-origin-opener-policy', 'same-origin'],
] as const;

/** Checks that each page of `pagePolicies` sends its policy. */
export async function expectPagePolicies(t: TestApp) {
  for (const [url, header, value] of pagePolicies) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers[header], url).toBe(value);
  }
}
