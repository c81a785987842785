// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import ImportSalesforcePage from './import-salesforce-page';

// The page against a stand-in for the network's status answer (the server's own is tested in
// features/gateway; e2e/import-salesforce.spec.ts runs a server with no org connected).

function statusSays(connected: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ connected }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ImportSalesforcePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Import page', () => {
  it('says on arrival, in plain words, that no Salesforce org is connected, and offers no run', async () => {
    statusSays(false);
    renderPage();
    const notice = await screen.findByRole('region', { name: 'Salesforce is not connected' });
    expect(notice.textContent).toContain(
      "This registry is not connected to your company's Salesforce yet, so there is nothing to import.",
    );
    expect(notice.textContent).not.toMatch(/SALESFORCE_CLIENT|client-credentials/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Dry run' }).disabled).toBe(true);
  });

  it('says nothing of the kind when an org is connected', async () => {
    statusSays(true);
    renderPage();
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Dry run' }).disabled).toBe(
        false,
      ),
    );
    expect(screen.queryByRole('region', { name: 'Salesforce is not connected' })).toBeNull();
  });
});
