import { expect, test } from './support/fixtures';
import type { DirectoryResponse, ProfileResponse } from '../src/contract/ledger';
import type { UserInfo } from '../src/contract/user-info';
import {
  api,
  demo,
  expectAccessible,
  keepScreenshot,
  signIn,
  signInByApi,
} from './registry-helpers';
import { tabTo } from './support/keyboard';

// Journey 5: a profile edit persists across reload; a sign in the zip code is refused.

const run = Date.now().toString(36);

test('a shareholder edits their profile; a sign in the zip code is refused', async ({ page }) => {
  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/profile\\?SH_UID=${me.SH_ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // A shareholder cannot change their name.
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  const notes = page.getByLabel('Notes', { exact: true });
  expect(await notes.evaluate((el) => getComputedStyle(el).height)).toBe('250px');
  await expectAccessible(page, 'profile');
  await keepScreenshot(page, 'profile');

  const city = `Springfield ${run}`;
  await page.getByLabel('City', { exact: true }).fill(city);
  await page.getByLabel('State', { exact: true }).fill('IL');
  await page.getByLabel('Address', { exact: true }).fill('742 Evergreen Terrace');
  await page.getByLabel('Zip Code', { exact: true }).fill('62704');
  await page.getByLabel('Phone', { exact: true }).fill('+1 217 555 0100');
  await page.getByLabel('Cell Phone', { exact: true }).fill('+1 217 555 0199');
  await notes.fill(`Prefers e-mail (${run})`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.message-anchor .alert')).toHaveText(
    'Your information was successfully updated.',
  );
  await expect(page.locator('.message-anchor')).toBeFocused();

  await page.reload();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue(city);
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveValue('62704');
  await expect(page.getByLabel('Cell Phone', { exact: true })).toHaveValue('+1 217 555 0199');
  await expect(notes).toHaveValue(`Prefers e-mail (${run})`);

  // A sign in the zip code: refused next to the field, nothing saved.
  await page.getByLabel('Zip Code', { exact: true }).fill('62#04');
  await page.getByLabel('City', { exact: true }).fill('Not saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Zip Code accepts letters, digits, spaces and hyphens.'),
  ).toBeVisible();
  await expect(page.getByLabel('Zip Code', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Your information was successfully updated.')).toHaveCount(0);
  await expectAccessible(page, 'profile with an invalid zip code');
  await keepScreenshot(page, 'profile-zip-refused');
  // The server refuses it too.
  const put = await page.request.put(`/api/v1/shareholders/${me.SH_ID}`, {
    headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
    data: {
      ShareholderId: me.SH_ID,
      FullName: (await api<ProfileResponse>(page, `/api/v1/shareholders/${me.SH_ID}`)).fullName,
      State: 'IL',
      City: 'x',
      Address: 'x',
      ZipCode: '62#04',
      Phone: '',
      CellPhone: '',
      Notes: '',
    },
  });
  expect(put.status()).toBe(400);
  await page.reload();
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveValue('62704');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue(city);
});

test('an administrator may edit a holder name', async ({ page }) => {
  await signIn(page, demo.admin);
  const found = await api<DirectoryResponse>(page, '/api/v1/shareholders?search=%C5%81ukasz');
  await page.goto(`/view?SH_UID=${found.rows[0]!.id}`);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\?SH_UID=/);
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Łukasz Żółć');
  await expect(name).not.toHaveAttribute('readonly');
  // The heading names whose profile it is.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile of Łukasz Żółć');
  await expectAccessible(page, 'profile (administrator)');
  await keepScreenshot(page, 'profile-admin');

  // Cancel puts back what is saved; Back returns to the statement the page was opened from.
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeDisabled();
  await name.fill('Someone Else');
  await page.getByLabel('City', { exact: true }).fill('Nowhere');
  await cancel.click();
  await expect(name).toHaveValue('Łukasz Żółć');
  await expect(page.getByLabel('City', { exact: true })).not.toHaveValue('Nowhere');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${found.rows[0]!.id}$`));
});

test('the three save messages, word for word', async ({ page }) => {
  await signInByApi(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  let answer: 'server-error' | 'empty' | 'no-answer' = 'server-error';
  await page.route('**/api/v1/shareholders/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    if (answer === 'server-error')
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'HTTP.INTERNAL', message: 'The database is not answering.' }),
      });
    if (answer === 'empty')
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    return route.abort('connectionreset');
  });
  await page.goto(`/profile?SH_UID=${me.SH_ID}`);
  const save = page.getByRole('button', { name: 'Save' });
  const message = page.locator('.message-anchor .alert');

  // The server fails: the spec's failure text, and what the server said below it.
  await save.click();
  await expect(message.locator('p').first()).toHaveText(
    'The information was not saved. Please contact support.',
  );
  await expect(message.locator('p').nth(1)).toHaveText('The database is not answering.');
  await expect(page.locator('.message-anchor')).toBeFocused();
  await expectAccessible(page, 'profile not saved');
  await keepScreenshot(page, 'profile-not-saved');

  // An answer without the spec's Success: the failure text alone.
  answer = 'empty';
  await save.click();
  await expect(message).toHaveText('The information was not saved. Please contact support.');

  // No answer at all: the spec's exception text.
  answer = 'no-answer';
  await save.click();
  await expect(message).toHaveText('An error occurred while saving. Please try again.');
  await expect(page.locator('.message-anchor')).toBeFocused();
  await keepScreenshot(page, 'profile-save-error');
});

test('keyboard alone: open the profile from the navbar, change the city, save', async ({
  page,
}) => {
  await signInByApi(page, demo.holder);
  await page.goto('/');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Profile', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\?SH_UID=/);
  const city = page.getByLabel('City', { exact: true });
  await expect(city).not.toHaveValue('');
  const next = `Keyboard City ${run}`;
  await tabTo(page, city);
  // Tabbing into a text field selects its text: typing replaces it.
  await page.keyboard.type(next);
  await expect(city).toHaveValue(next);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.message-anchor .alert')).toHaveText(
    'Your information was successfully updated.',
  );
  await expect(page.locator('.message-anchor')).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue(next);
});

test("a refusal after a save clears the success banner and says in words what to fix; Notes say they are the holder's", async ({
  page,
}) => {
  await signIn(page, demo.admin);
  const found = await api<DirectoryResponse>(page, '/api/v1/shareholders?search=%C5%81ukasz');
  await page.goto(`/profile?SH_UID=${found.rows[0]!.id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  const banner = page.locator('.message-anchor .alert');
  await expect(banner).toHaveText('Your information was successfully updated.');

  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/Too small|expected string/);
  await expectAccessible(page, 'profile with a refused name');
  await keepScreenshot(page, 'profile-name-refused');
  await expect(page.getByLabel('Notes', { exact: true })).toHaveAccessibleDescription(
    "The shareholder's own notes: they see them on their profile and can change them.",
  );

  await page.setViewportSize({ width: 375, height: 800 });
  await keepScreenshot(page, 'profile-name-refused-375');
});

test('a holder is told administrators read their notes', async ({ page }) => {
  await signInByApi(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.goto(`/profile?SH_UID=${me.SH_ID}`);
  await expect(page.getByLabel('Notes', { exact: true })).toHaveAccessibleDescription(
    'Your notes. Administrators of your company can read them too.',
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await keepScreenshot(page, 'profile-holder-375');
});
