import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CaughtMail } from '../../src/server/test-support/smtp-catcher';
import type { TestIdpUser } from '../../src/server/test-support/test-idp';
import { passwords } from './passwords';

/** The demo logins seeded in embedded mode (src/server/demo/seed-demo-holders.ts). */
export const demo = {
  admin: { email: 'admin@acme.test', password: passwords.demoAdmin },
  holder: { email: 'holder@acme.test', password: passwords.demoHolder },
  lukasz: { email: 'lukasz@acme.test', password: passwords.demoLukasz },
  auditor: { email: 'auditor@acme.test', password: passwords.demoAuditor },
} as const;

export const idpUrl = () => `http://localhost:${process.env.E2E_OIDC_PORT}`;

/** Who the local OpenID provider signs in next. */
export async function setIdpUser(user: TestIdpUser): Promise<void> {
  const res = await fetch(`${idpUrl()}/__test/user`, {
    method: 'POST',
    body: JSON.stringify(user),
  });
  expect(res.status).toBe(204);
}

/** Signs in through the login page and waits to leave it. */
export async function logInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

function mails(): CaughtMail[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CaughtMail);
}

/** Waits for a new mail to this address whose subject contains the text (SMTP catcher). */
export async function waitForMail(to: string, subject: string, after = 0): Promise<CaughtMail> {
  for (let i = 0; i < 100; i++) {
    const found = mails()
      .slice(after)
      .filter((m) => m.to.includes(to) && m.subject.includes(subject));
    if (found.length) return found.at(-1)!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with "${subject}"`);
}

export const mailCount = () => mails().length;

/**
 * Gives an account its demo password back after a test changed it, even when that test failed
 * half-way (the journeys after it sign in with the demo passwords). Does nothing if `current`
 * no longer signs in, that is when the password was never changed or is already back.
 */
export async function putPasswordBack(
  request: APIRequestContext,
  baseURL: string,
  who: { email: string; password: string },
  current: string,
): Promise<void> {
  const headers = { origin: baseURL };
  const login = await request.post('/auth/login', {
    headers,
    data: { username: who.email, password: current },
  });
  if (login.status() !== 200) return;
  const restore = await request.post('/auth/set-password', {
    headers,
    data: { currentPassword: current, newPassword: who.password },
  });
  expect(restore.status(), `put back the password of ${who.email}`).toBe(200);
}
