// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../contract/ledger';
import { createQueryClient } from '../../lib/query-client';
import { ProfileForm } from './profile-form';

// The form against a stand-in for the network that accepts every save
// (e2e/registry-profile.spec.ts saves through the real server).

const SAVED = 'Your information was successfully updated.';

const profile = (canEditName: boolean): ProfileResponse => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada',
  fullName: 'Ada Lovelace',
  email: 'ada@example.test',
  state: 'NY',
  city: 'Albany',
  address: '1 Main St',
  zipCode: '12207',
  phoneNumber: '',
  cellphoneNumber: '',
  notes: '',
  country: '',
  holderType: 'individual',
  active: true,
  portal: 'none',
  access: 'holder',
  canEditName,
  notices: true,
});

function acceptSaves() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ Shareholders: 'Success' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

const renderForm = (p: ProfileResponse, own = false) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProfileForm profile={p} own={own} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile form', () => {
  it('after a save, a refused field clears the success banner and says in words what to fix', async () => {
    acceptSaves();
    renderForm(profile(true));
    await save();
    await screen.findByText(SAVED);

    fireEvent.input(field('Name'), { target: { value: '   ' } });
    fireEvent.input(field('City'), { target: { value: 'x'.repeat(101) } });
    await save();
    await waitFor(() => expect(screen.queryByText(SAVED)).toBeNull());
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('City can be at most 100 characters long; it has 101.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Too small|Too big|expected string/);
  });

  it('says whose field Notes is: an administrator is told the holder sees it', () => {
    renderForm(profile(true));
    const notes = field('Notes');
    const help = document.getElementById(notes.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(
      "The shareholder's own notes: they see them on their profile and can change them.",
    );
    cleanup();
    renderForm(profile(false), true);
    const own = field('Notes');
    expect(document.getElementById(own.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your notes. Administrators of your company can read them too.',
    );
  });
});

describe('the profile form after a save', () => {
  it('starts again from what was saved: the new values stay and Cancel has nothing to undo', async () => {
    acceptSaves();
    renderForm(profile(true));
    const cancel = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' });
    expect(cancel().disabled).toBe(true);
    fireEvent.input(field('City'), { target: { value: 'Troy' } });
    await waitFor(() => expect(cancel().disabled).toBe(false));
    await save();
    await screen.findByText(SAVED);
    await waitFor(() => expect(cancel().disabled).toBe(true));
    expect(field('City').value).toBe('Troy');
  });

  it("puts the server's refusal of one field under that field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 'VALIDATION.FAILED',
              message: 'Zip Code accepts letters, digits, spaces and hyphens.',
              field: 'ZipCode',
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    renderForm(profile(true));
    await save();
    await screen.findByText('The information was not saved. Please contact support.');
    expect(document.getElementById('profile-ZipCode-error')?.textContent).toBe(
      'Zip Code accepts letters, digits, spaces and hyphens.',
    );
    expect(field('Zip Code').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the e-mail notices checkbox', () => {
  it('speaks to the holder on their own profile, and saves Notices false once unticked', async () => {
    acceptSaves();
    renderForm(profile(false), true);
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'E-mail me a notice after each change to my shares',
    });
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'What changed, your shares after it and a link to your statement.',
    );
    fireEvent.click(box);
    await save();
    await screen.findByText(SAVED);
    const sent = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(JSON.parse(sent.body as string)).toMatchObject({ Notices: false });
  });

  it('speaks of the holder to an administrator, and says when they have no e-mail', () => {
    renderForm({ ...profile(true), email: null, notices: false });
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'E-mail a notice to this holder after each change to their shares',
    });
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No notice can be sent until the holder has an e-mail address.',
    );
  });
});
