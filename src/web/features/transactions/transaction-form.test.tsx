// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewResponse } from '../../../contract/corrections';
import type {
  CertificateRow,
  DirectoryResponse,
  RecordTransactionResponse,
} from '../../../contract/ledger';
import { createQueryClient } from '../../lib/query-client';
import { TransactionForm } from './transaction-form';

// The form against a stand-in for the network: the holder list, the certificates and the POST
// it sends are what this test is about (e2e/registry-transaction-form.spec.ts runs the same
// journeys against the real server).

const ADA = '11111111-1111-4111-8111-111111111111';
const CERT = '33333333-3333-4333-8333-333333333333';
const TODAY = '2026-03-02';

const directory: DirectoryResponse = {
  asOf: TODAY,
  totals: {
    shareholders: 1,
    withoutShares: 0,
    totalShares: '100.00',
    common: '100.00',
    preferred: '0.00',
  },
  page: 1,
  pageSize: 50,
  total: 1,
  rows: [
    {
      id: ADA,
      name: 'Ada',
      fullName: 'Ada Lovelace',
      common: '100.00',
      preferred: '0.00',
      balance: '100.00',
      costPerShare: '1.00',
      ownershipPercent: '100.0000',
      commonPercent: '100.0000',
      preferredPercent: '0.0000',
      portal: 'active',
    },
  ],
};

const certificate: CertificateRow = {
  id: CERT,
  number: 1,
  certificate: 'CS-1',
  classType: 'common',
  holderId: ADA,
  holderName: 'Ada',
  balance: '100.00',
  cost: '1.00',
  effectiveDate: '2020-01-01',
  origin: null,
};

const recorded = (type: RecordTransactionResponse['type']): RecordTransactionResponse => ({
  operationId: '44444444-4444-4444-8444-444444444444',
  type,
  certificates: [],
  transactions: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const preview: PreviewResponse = {
  type: 'New Issue',
  date: TODAY,
  certificates: [
    {
      id: null,
      certificate: null,
      holderId: ADA,
      holderName: 'Ada',
      classType: 'common',
      shares: '10.00',
      before: '0.00',
      after: '10.00',
    },
  ],
  holders: [
    {
      id: ADA,
      name: 'Ada',
      before: { common: '100.00', preferred: '0.00', total: '100.00' },
      after: { common: '110.00', preferred: '0.00', total: '110.00' },
    },
  ],
};

/** Answers the form's reads and records the bodies of the transactions (and previews) it sends. */
function network() {
  const sent: Record<string, unknown>[] = [];
  const previewed: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/shareholders') return Promise.resolve(json(200, directory));
      if (url.pathname === '/api/v1/certificates')
        return Promise.resolve(json(200, { rows: [certificate] }));
      if (url.pathname === '/api/v1/transactions/preview' && init?.method === 'POST') {
        previewed.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(json(200, preview));
      }
      if (url.pathname === '/api/v1/transactions' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        sent.push(body);
        return Promise.resolve(json(201, recorded(body.Type as RecordTransactionResponse['type'])));
      }
      return Promise.resolve(json(404, { code: 'HTTP.NOT_FOUND', message: 'Not found.' }));
    }),
  );
  return Object.assign(sent, { previewed });
}

function renderForm(wholeSharesOnly?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TransactionForm today={TODAY} wholeSharesOnly={wholeSharesOnly} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });

async function pickAda() {
  const select = document.querySelector<HTMLSelectElement>('select[name="from"]')!;
  await waitFor(() => expect(select.querySelector(`option[value="${ADA}"]`)).not.toBeNull());
  fireEvent.change(select, { target: { value: ADA } });
}

/** Submit, then Record on the review when it appears (as a person does). */
async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit Transaction' }));
  });
  const record = screen.queryByRole('button', { name: 'Record' });
  if (!record) return;
  await act(async () => {
    fireEvent.click(record);
  });
}

const receipts = () => screen.queryAllByText('Your information was successfully updated.');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage Shares after a recorded transaction', () => {
  it('empties every field, so a second entry sends no Cost of the first', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '10');
    type('Cost', '1.50');
    type('Notes', 'first');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ Shares: '10', Cost: '1.50', Notes: 'first' });
    await waitFor(() => expect(receipts()).toHaveLength(1));

    expect(input('Cost').value).toBe('');
    expect(input('Shares').value).toBe('');
    expect(input('Notes').value).toBe('');
    expect(input('Date').value).toBe(TODAY);

    await pickAda();
    type('Shares', '5');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('Cost');
    expect(sent[1]).not.toHaveProperty('Notes');
    expect(sent[1]).toMatchObject({ Type: 'New Issue', Shares: '5', ShareholderId: ADA });
  });
});

describe('Manage Shares: a Cancel', () => {
  it("takes its Notes as the reason (the spec's fields), and keeps the Type for the next entry", async () => {
    const sent = network();
    renderForm();
    fireEvent.change(input('Type'), { target: { value: 'Cancel' } });
    await pickAda();
    const origin = await screen.findByLabelText(/CS-1/);
    fireEvent.click(origin);
    type('Shares', '1');
    type('Notes', 'Repurchased');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ Type: 'Cancel', Notes: 'Repurchased', Origin: [CERT] });
    expect(sent[0]).not.toHaveProperty('Reason');
    await waitFor(() => expect(receipts()).toHaveLength(1));
    expect(input('Type').value).toBe('Cancel');
  });

  it('is refused before sending when Reason and Notes are both empty, naming Reason', async () => {
    const sent = network();
    renderForm();
    fireEvent.change(input('Type'), { target: { value: 'Cancel' } });
    await pickAda();
    fireEvent.click(await screen.findByLabelText(/CS-1/));
    type('Shares', '1');
    await submit();
    const error = await waitFor(() => {
      const found = document.getElementById('tx-Reason-error');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(error.textContent).toBe(
      'A reason is required to cancel shares: write it under Reason or Notes.',
    );
    expect(input('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });
});

describe('Manage Shares: amounts as people type them', () => {
  it('sends "1,000" shares at "$1.50" as 1000 at 1.50', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '1,000');
    type('Cost', '$1.50');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ Shares: '1000', Cost: '1.50' });
  });

  it('refuses what it cannot read, saying exactly why, and sends nothing', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '$5');
    type('Cost', '1,5');
    await submit();
    await waitFor(() =>
      expect(document.getElementById('tx-Shares-error')?.textContent).toBe(
        'Shares is a number of shares, not money: remove the $ sign.',
      ),
    );
    expect(document.getElementById('tx-Cost-error')?.textContent).toBe(
      'Cost: use commas only between groups of three digits (1,000) and a point for decimals (12.50).',
    );
    expect(sent).toHaveLength(0);
  });
});

describe('Manage Shares: the fields each type shows', () => {
  const shown = () => ({
    shareClass: screen.queryByLabelText('Share Class', { exact: true }) !== null,
    to: document.querySelector('select[name="to"]') !== null,
    origins: screen.queryByText('Origin Certificates') !== null,
    reason: screen.queryByLabelText('Reason', { exact: true }) !== null,
  });
  const choose = (value: string) => fireEvent.change(input('Type'), { target: { value } });

  it('asks each type only for what it uses', () => {
    network();
    renderForm();
    expect(shown()).toEqual({ shareClass: true, to: false, origins: false, reason: false });
    choose('Transfer');
    expect(shown()).toEqual({ shareClass: false, to: true, origins: true, reason: false });
    choose('Convert to Preferred');
    expect(shown()).toEqual({ shareClass: false, to: false, origins: true, reason: false });
    choose('Cancel');
    expect(shown()).toEqual({ shareClass: false, to: false, origins: true, reason: true });
    for (const label of ['Date', 'Shares', 'Cost', 'Notes']) expect(input(label)).toBeTruthy();
  });
});

describe('Manage Shares: an empty submit', () => {
  it('names each missing field in words next to it, and sends nothing', async () => {
    const sent = network();
    renderForm();
    type('Date', '');
    await submit();
    await waitFor(() => expect(document.getElementById('tx-Shares-error')).not.toBeNull());
    expect(document.getElementById('tx-Shares-error')?.textContent).toBe(
      'Enter the number of shares, such as 100 or 12.50.',
    );
    expect(document.getElementById('tx-ShareDate-error')?.textContent).toBe('Date is required.');
    expect(screen.getByText('Choose the shareholder.')).toBeTruthy();
    expect(input('Shares').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toMatch(/Too small|expected string|Invalid input/);
    expect(sent).toHaveLength(0);
  });
});

describe('Manage Shares: the review step', () => {
  it('shows what will be recorded, focuses its heading, and Back returns to the values unsent', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '10');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Transaction' }));
    });
    const heading = await screen.findByRole('heading', { name: 'Review the transaction' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(sent.previewed).toEqual([expect.objectContaining({ Shares: '10', Type: 'New Issue' })]);
    expect(screen.getByText('New certificate')).toBeTruthy();
    const balances = screen.getAllByRole('table')[1]!;
    expect(balances.textContent).toContain('100');
    expect(balances.textContent).toContain('110');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('heading', { name: 'Review the transaction' })).toBeNull();
    expect(input('Shares').value).toBe('10');
    expect(sent).toHaveLength(0);
  });

  it('refuses a fraction before sending when the company issues whole shares only', async () => {
    const sent = network();
    renderForm(true);
    await pickAda();
    type('Shares', '10.5');
    await submit();
    await waitFor(() =>
      expect(document.getElementById('tx-Shares-error')?.textContent).toContain(
        'whole shares only',
      ),
    );
    expect(sent.previewed).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('sends the consideration and approval, the currency only when given', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '10');
    type('Consideration', '1,500');
    type('Approval reference', 'Board consent 7');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ Consideration: '1500', ApprovalReference: 'Board consent 7' });
    expect(sent[0]).not.toHaveProperty('ConsiderationCurrency');
    expect(sent[0]).not.toHaveProperty('ApprovalDate');
  });

  it('refuses a currency without an amount, naming the field', async () => {
    const sent = network();
    renderForm();
    await pickAda();
    type('Shares', '10');
    type('Currency', 'EUR');
    await submit();
    await waitFor(() =>
      expect(document.getElementById('tx-currency-error')?.textContent).toBe(
        'Enter the consideration amount, or leave its currency out.',
      ),
    );
    expect(sent.previewed).toHaveLength(0);
  });
});
