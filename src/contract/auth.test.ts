import { describe, expect, it } from 'vitest';
import {
  authMessages,
  changePasswordForm,
  newPasswordProblem,
  onlyOwnPasswordMessage,
  ownPasswordForm,
  resetPasswordForm,
} from './auth';

describe('newPasswordProblem (spec section 5)', () => {
  it('counts characters, not UTF-16 units: 128 emoji pass, 129 do not', () => {
    const p128 = '😀'.repeat(128);
    expect(p128.length).toBe(256);
    expect(newPasswordProblem(p128, p128)).toBeNull();
    const p129 = '😀'.repeat(129);
    expect(newPasswordProblem(p129, p129)).toBe(authMessages.passwordTooLong);
  });

  it('says the spec messages', () => {
    expect(newPasswordProblem('abcdefgh', 'abcdefgX')).toBe('Passwords do not match.');
    expect(newPasswordProblem('😀'.repeat(7), '😀'.repeat(7))).toBe(
      'Password must be at least 8 characters long.',
    );
  });
});

describe('the password forms', () => {
  it('name the new password field with the spec message', () => {
    const r = resetPasswordForm.safeParse({ password: 'abcdefgh', confirmation: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: 'Passwords do not match.',
    });
  });

  it('ask for the e-mail first on Change Password', () => {
    const r = changePasswordForm.safeParse({
      email: ' ',
      current: 'x',
      password: 'long enough pw',
      confirmation: 'long enough pw',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([authMessages.enterEmail]);
  });

  it('refuses another e-mail than the signed-in one on Change Password, saying whose it must be', () => {
    const form = ownPasswordForm('Holder@Acme.test');
    const fields = { current: 'x', password: 'long enough pw', confirmation: 'long enough pw' };
    expect(form.safeParse({ ...fields, email: ' holder@acme.TEST ' }).success).toBe(true);
    const other = form.safeParse({ ...fields, email: 'admin@acme.test' });
    expect(other.error?.issues).toMatchObject([
      { path: ['email'], message: onlyOwnPasswordMessage('Holder@Acme.test') },
    ]);
  });
});
