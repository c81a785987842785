// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holderMessages } from '../../../contract/shareholders';
import { createQueryClient } from '../../lib/query-client';
import { NewShareholderForm } from './new-shareholder-form';

// The form against a stand-in for the network (e2e/registry-new-shareholder.spec.ts adds through
// the real server).

const answer = (status: number, body: unknown) =>
  vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );

const created = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Northwind Ventures',
  fullName: 'Northwind Ventures',
  email: null,
  state: '',
  city: 'London',
  address: '',
  zipCode: 'SW1A 2AA',
  phoneNumber: '',
  cellphoneNumber: '',
  notes: '',
  country: 'United Kingdom',
  holderType: 'entity',
  active: true,
  portal: 'none',
  canEditName: true,
};

const renderForm = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NewShareholderForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label, { exact: true });
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add shareholder' }));
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new-shareholder form', () => {
  it('says in words what to fix, sending nothing', async () => {
    const fetch = answer(201, created);
    vi.stubGlobal('fetch', fetch);
    renderForm();
    type('E-mail', 'not-an-address');
    type('Zip Code', '19901#');
    await submit();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText(holderMessages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(holderMessages.postalCode)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the holder, shows a receipt with the next steps, and starts empty again', async () => {
    const fetch = answer(201, created);
    vi.stubGlobal('fetch', fetch);
    renderForm();
    type('Name', 'Northwind Ventures');
    fireEvent.change(field('Holder type'), { target: { value: 'entity' } });
    type('City', 'London');
    type('Zip Code', 'SW1A 2AA');
    type('Country', 'United Kingdom');
    await submit();
    await screen.findByText(/was added to the registry/);
    const sent = JSON.parse(fetch.mock.calls[0]![1]!.body as string) as Record<string, string>;
    expect(sent).toMatchObject({
      Name: 'Northwind Ventures',
      HolderType: 'entity',
      ZipCode: 'SW1A 2AA',
      Country: 'United Kingdom',
    });
    expect(screen.getByRole('link', { name: 'Open their statement' }).getAttribute('href')).toBe(
      `/view?SH_UID=${created.id}`,
    );
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(field('Holder type').value).toBe('individual');
  });

  it("puts the server's refusal of the e-mail under that field, keeping what was typed", async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, {
        code: 'SHAREHOLDER.EMAIL_TAKEN',
        message: holderMessages.emailTaken,
        field: 'Email',
      }),
    );
    renderForm();
    type('Name', 'Alice Again');
    type('E-mail', 'alice@example.test');
    await submit();
    await waitFor(() =>
      expect(document.getElementById('new-holder-Email-error')?.textContent).toBe(
        holderMessages.emailTaken,
      ),
    );
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').value).toBe('Alice Again');
    expect(screen.queryByText(/was added/)).toBeNull();
  });
});
