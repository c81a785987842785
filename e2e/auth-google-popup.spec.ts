import { expect, test } from './support/fixtures';
import { demo, setIdpUser } from './support/auth';

test('Google sign-in in a popup: 500×650, only the outcome crosses, the opener signs in', async ({
  page,
}) => {
  await setIdpUser({
    sub: 'google-holder',
    email: demo.holder.email,
    email_verified: true,
    name: 'Harper Holder',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  const messages: unknown[] = [];
  await page.exposeFunction('recordMessage', (d: unknown) => messages.push(d));
  const features: string[] = [];
  await page.exposeFunction('recordFeatures', (f: string) => features.push(f));
  await page.evaluate(() => {
    const w = window as unknown as {
      recordMessage(d: unknown): void;
      recordFeatures(f: string): void;
    };
    window.addEventListener('message', (e) => w.recordMessage(e.data));
    const real = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, feats?: string) => {
      w.recordFeatures(String(feats));
      return real(url, target, feats);
    };
  });
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  const popup = await popupPromise;
  if (!popup.isClosed()) await popup.waitForEvent('close');
  expect(features).toHaveLength(1);
  expect(features[0]).toContain('width=500,height=650');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  expect(messages).toEqual([{ type: 'registry-auth-popup', outcome: 'success' }]);
});

test('a blocked popup shows the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Popup window blocked. Please allow popups for this site and try again.',
  );
});

test('a popup closed by the user shows "Authentication cancelled by user"', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const real = window.open.bind(window);
    window.open = (_url?: string | URL, target?: string, features?: string) => {
      const w = real('about:blank', target, features);
      setTimeout(() => w?.close(), 200);
      return w;
    };
  });
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('Authentication cancelled by user', {
    timeout: 5000,
  });
});
