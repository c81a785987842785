// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { CompanySettingsForm } from './company-settings-form';

// The settings form against a stand-in for the network: what it sends and says.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function network(answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/company/settings' && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as unknown;
        sent.push(body);
        return Promise.resolve(answer(body));
      }
      return Promise.resolve(json(404, { code: 'HTTP.NOT_FOUND', message: 'Not found.' }));
    }),
  );
  return sent;
}

const renderForm = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CompanySettingsForm settings={{ wholeSharesOnly: false, certificateLegend: 'Old legend' }} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Company settings form', () => {
  it('sends both settings and says they were saved', async () => {
    const sent = network((body) => json(200, body));
    renderForm();
    fireEvent.click(screen.getByLabelText('Whole shares only'));
    fireEvent.input(screen.getByLabelText('Certificate legend'), {
      target: { value: 'NOT REGISTERED' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ wholeSharesOnly: true, certificateLegend: 'NOT REGISTERED' });
    await waitFor(() =>
      expect(screen.getByText('Your information was successfully updated.')).toBeTruthy(),
    );
  });

  it('puts a refusal of the legend next to it', async () => {
    network(() =>
      json(400, {
        code: 'HTTP.VALIDATION',
        message: 'Legend is too long.',
        field: 'certificateLegend',
      }),
    );
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    });
    await waitFor(() =>
      expect(document.getElementById('settings-legend-error')?.textContent).toBe(
        'Legend is too long.',
      ),
    );
    expect(screen.getByText('The information was not saved. Please contact support.')).toBeTruthy();
  });

  it('puts a refusal of whole shares only under its switch', async () => {
    network(() =>
      json(409, {
        code: 'LEDGER.FRACTIONAL_SHARES_HELD',
        message: 'Some holders hold a fraction of a share.',
        field: 'wholeSharesOnly',
      }),
    );
    renderForm();
    const control = screen.getByLabelText('Whole shares only');
    expect(control.closest('.form-switch')).not.toBeNull();
    fireEvent.click(control);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    });
    await waitFor(() =>
      expect(document.getElementById('settings-whole-shares-error')?.textContent).toBe(
        'Some holders hold a fraction of a share.',
      ),
    );
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(control.getAttribute('aria-describedby')).toBe(
      'settings-whole-shares-help settings-whole-shares-error',
    );
    expect(document.getElementById('settings-legend-error')).toBeNull();
    expect(screen.getByText('The information was not saved. Please contact support.')).toBeTruthy();
  });
});
