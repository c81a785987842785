import { expect, test } from './support/fixtures';
import type { ProfileResponse } from '../src/contract/ledger';
import type { UserInfo } from '../src/contract/user-info';
import { waitForMail, mailCount } from './support/auth';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
} from './registry-helpers';

// Issue 25: after each operation a holder gets an e-mail notice (DGCL §151(f)); on the profile a
// holder turns their own off, an administrator anyone's.

const run = Date.now().toString(36);
const OWN = 'E-mail me a notice after each change to my shares';
const OTHERS = 'E-mail a notice to this holder after each change to their shares';
const origin = () => `http://localhost:${process.env.E2E_PORT}`;

test('a shareholder turns their notices off and on again on their profile', async ({ page }) => {
  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.goto(`/profile?SH_UID=${me.SH_ID}`);
  const box = page.getByRole('checkbox', { name: OWN });
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(
    'What changed, your shares after it and a link to your statement.',
  );
  await expectAccessible(page, 'profile with notices');
  await keepScreenshot(page, 'profile-notices');

  // By keyboard: the box takes the focus and Space unticks it.
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.message-anchor .alert')).toHaveText(
    'Your information was successfully updated.',
  );
  await page.reload();
  await expect(page.getByRole('checkbox', { name: OWN })).not.toBeChecked();
  const saved = await api<ProfileResponse>(page, `/api/v1/shareholders/${me.SH_ID}`);
  expect(saved.notices).toBe(false);

  // On again, as the demo had it.
  await page.getByRole('checkbox', { name: OWN }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.message-anchor .alert')).toHaveText(
    'Your information was successfully updated.',
  );
  await page.reload();
  await expect(page.getByRole('checkbox', { name: OWN })).toBeChecked();
});

test('a holder gets a notice after a new issue; an administrator turns their notices off', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  const email = `notices-${run}@holder.example`;
  const added = await page.request.post('/api/v1/shareholders', {
    headers: { origin: origin() },
    data: { Name: `Nora Notice ${run}`, Email: email },
  });
  expect(added.status(), await added.text()).toBe(201);
  const holder = (await added.json()) as ProfileResponse;

  const before = mailCount();
  const issued = await page.request.post('/api/v1/transactions', {
    headers: { origin: origin(), 'idempotency-key': `notices-${run}` },
    data: {
      ShareholderId: holder.id,
      ShareDate: '2024-01-15',
      Shares: '1200',
      Cost: '1.00',
      Type: 'New Issue',
      Origin: [],
      ClassType: 'common',
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const mail = await waitForMail(email, 'Notice of a change to your shares', before);
  expect(mail.text).toContain('New Issue: 1,200 shares of Common Stock on new certificate');
  expect(mail.text).toContain(`/view?SH_UID=${holder.id}`);

  // Their notice's statement link opens their statement.
  await page.goto(/(http\S+\/view\?SH_UID=\S+)/.exec(mail.text)![1]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.getByText(`Nora Notice ${run}`).first()).toBeVisible();

  await page.goto(`/profile?SH_UID=${holder.id}`);
  const box = page.getByRole('checkbox', { name: OTHERS });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.message-anchor .alert')).toHaveText(
    'Your information was successfully updated.',
  );
  await page.reload();
  await expect(page.getByRole('checkbox', { name: OTHERS })).not.toBeChecked();
  await expectAccessible(page, "an administrator on a holder's notices");
});

test('the notices checkbox on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.goto(`/profile?SH_UID=${me.SH_ID}`);
  const box = page.getByRole('checkbox', { name: OWN });
  await expect(box).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'profile with notices at 375 px');
  await keepScreenshot(page, 'profile-notices-375');
});
