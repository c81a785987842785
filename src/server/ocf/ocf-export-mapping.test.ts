// The OCF export's mapping on in-memory ledgers (decision 126): random ledgers of the ledger's
// model (issues, partial and whole transfers, conversions, cancellations, reversals) export files
// that the official schemas accept, and replaying the OCF transactions gives every holder the
// shares of each class our ledger gives them, on every date.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MODEL_CLASSES,
  MODEL_DATES,
  modelCommand,
  modelHoldings,
  modelLedger,
  modelSource,
  type ModelCommand,
} from '../test-support/ocf-model-ledger';
import { replayOcf } from '../test-support/ocf-replay';
import { ocfExportObjects } from './ocf-export-mapping';
import { ocfPackage } from './ocf-package';
import { ocfSchemas } from './ocf-schemas';

const schemas = ocfSchemas();

/** Every file of the package validates against its schema; the manifest's md5s are the files'. */
function expectValidPackage(files: { path: string; text: string }[]) {
  const manifest = JSON.parse(files[0]!.text) as Record<string, unknown>;
  for (const file of files) {
    const result = schemas.validateFile(JSON.parse(file.text));
    expect(result.problems, file.path).toEqual([]);
  }
  const listed = Object.entries(manifest)
    .filter(([key]) => key.endsWith('_files'))
    .flatMap(([, list]) => list as { filepath: string; md5: string }[]);
  expect(listed.map((f) => f.filepath).sort()).toEqual(
    files
      .slice(1)
      .map((f) => `./${f.path}`)
      .sort(),
  );
  for (const f of listed) {
    const text = files.find((x) => `./${x.path}` === f.filepath)!.text;
    expect(f.md5).toBe(createHash('md5').update(text).digest('hex'));
  }
}

/** Whole and partial transfers, partial conversions and cancellations, and a reversal. */
const everyKind: ModelCommand[] = [
  { kind: 'issue', h: 0, shares: 10_000, cost: 150, date: 0, preferred: false },
  { kind: 'issue', h: 2, shares: 400, cost: 100, date: 0, preferred: false },
  { kind: 'transfer', h: 0, to: 1, picks: [0], shares: 2_500, cost: 300, date: 1 },
  { kind: 'convert', h: 0, to: 1, picks: [0], shares: 1_000, cost: 0, date: 1 },
  { kind: 'cancel', h: 0, to: 1, picks: [0], shares: 500, cost: 0, date: 2 },
  { kind: 'transfer', h: 2, to: 1, picks: [0], shares: 400, cost: 100, date: 1 },
  { kind: 'convert', h: 1, to: 1, picks: [0], shares: 400, cost: 0, date: 2 },
  { kind: 'reverse', which: 5 },
];

describe('the OCF export of random model ledgers', () => {
  it('validates, and replays to our balances on every date (150 ledgers)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(modelCommand, { minLength: 1, maxLength: 40 }), (commands) => {
        const m = modelLedger(commands);
        for (const asOf of ['2023-12-31', ...MODEL_DATES]) {
          const objects = ocfExportObjects(modelSource(m, asOf));
          const pkg = ocfPackage(objects, {
            asOf,
            generatedAt: '2026-11-27T12:00:00.000Z',
            version: schemas.version,
          });
          expectValidPackage(pkg.files);
          for (const tx of objects.transactions) {
            seen.add(tx.object_type);
            if (tx['balance_security_id']) seen.add(`partial ${tx.object_type}`);
            if (tx.comments?.some((c) => c.startsWith('Reverses'))) seen.add('a reversal');
          }
          expect(objects.transactions.every((tx) => (tx['date'] as string) <= asOf)).toBe(true);
          expect(replayOcf(objects.transactions as never)).toEqual(modelHoldings(m, asOf));
        }
      }),
      // One ledger of every kind first: the random ones reach them all only most of the time.
      { numRuns: 150, examples: [[everyKind]] },
    );
    // Every kind, partial ones and reversals included, not only refusals.
    expect([...seen].sort()).toEqual([
      'TX_STOCK_CANCELLATION',
      'TX_STOCK_CONVERSION',
      'TX_STOCK_ISSUANCE',
      'TX_STOCK_TRANSFER',
      'a reversal',
      'partial TX_STOCK_CANCELLATION',
      'partial TX_STOCK_CONVERSION',
      'partial TX_STOCK_TRANSFER',
    ]);
  });
});

describe('the mapping of one small ledger', () => {
  const m = modelLedger([
    { kind: 'issue', h: 0, shares: 10_000, cost: 150, date: 0, preferred: false },
    { kind: 'transfer', h: 0, to: 1, picks: [0], shares: 2_500, cost: 300, date: 1 },
    { kind: 'cancel', h: 0, to: 1, picks: [0], shares: 7_500, cost: 0, date: 2 },
    { kind: 'reverse', which: 1 },
  ]);
  const objects = ocfExportObjects(modelSource(m, '2024-03-01'));
  const tx = objects.transactions;

  it('a partial transfer: the transfer, the resulting issuance, the balance issuance', () => {
    expect(tx.map((t) => [t.object_type, t['security_id'], t['quantity'], t['date']])).toEqual([
      ['TX_STOCK_ISSUANCE', 'cert-1', '100.00', '2024-01-01'],
      ['TX_STOCK_TRANSFER', 'cert-1', '25.00', '2024-01-02'],
      ['TX_STOCK_ISSUANCE', 'cert-2', '25.00', '2024-01-02'],
      ['TX_STOCK_ISSUANCE', 'cert-1.after.tx-2', '75.00', '2024-01-02'],
      ['TX_STOCK_CANCELLATION', 'cert-1.after.tx-2', '75.00', '2024-01-05'],
      // The reversal of the transfer: a transfer back, whole, from the recipient's certificate.
      ['TX_STOCK_TRANSFER', 'cert-2', '25.00', '2024-03-01'],
      ['TX_STOCK_ISSUANCE', 'cert-3', '25.00', '2024-03-01'],
    ]);
    expect(tx[1]).toMatchObject({
      id: 'tx-2',
      resulting_security_ids: ['cert-2'],
      balance_security_id: 'cert-1.after.tx-2',
    });
    expect(tx[2]).toMatchObject({
      id: 'tx-3',
      custom_id: 'CS-2',
      stakeholder_id: 'h-1',
      stock_class_id: MODEL_CLASSES.common,
      share_price: { amount: '3.00', currency: 'USD' },
      stock_legend_ids: ['certificate-legend'],
    });
    // The balance keeps the certificate's number and acquisition price.
    expect(tx[3]).toMatchObject({
      id: 'tx-2.balance',
      custom_id: 'CS-1',
      stakeholder_id: 'h-0',
      share_price: { amount: '1.50', currency: 'USD' },
    });
    expect(tx[4]).toMatchObject({ reason_text: 'repurchase' });
    expect(tx[4]).not.toHaveProperty('balance_security_id');
    expect(tx[5]!.comments).toContain('Reverses ledger operation op-2');
  });

  it('the operation facts: consideration and approval on the issuance', () => {
    expect(tx[0]).toMatchObject({
      consideration_text: '125.50 USD',
      board_approval_date: '2024-01-01',
      security_law_exemptions: [],
    });
    expect(tx[0]!.comments?.[0]).toBe('Ledger operation op-1 (New Issue)');
  });

  it('as of a past date leaves later transactions out and keeps the same ids', () => {
    const past = ocfExportObjects(modelSource(m, '2024-01-02')).transactions;
    expect(past.map((t) => t.id)).toEqual(['tx-1', 'tx-2', 'tx-3', 'tx-2.balance']);
    expect(past).toEqual(tx.slice(0, 4));
  });

  it('the issuer, stakeholders, classes and the legend', () => {
    expect(objects.issuer).toMatchObject({
      id: 'org-model',
      legal_name: 'Model, Inc.',
      // The first line (2024-01-01) is before the company's record (2024-01-03).
      formation_date: '2024-01-01',
      country_of_formation: 'US',
      address: { address_type: 'LEGAL', country_subdivision: 'DE', country: 'US' },
    });
    expect(objects.stakeholders.map((s) => [s.id, s['stakeholder_type']])).toEqual([
      ['h-0', 'INDIVIDUAL'],
      ['h-1', 'INSTITUTION'],
      ['h-2', 'INDIVIDUAL'],
      ['h-3', 'INSTITUTION'],
    ]);
    expect(objects.stockClasses.map((c) => c['initial_shares_authorized'])).toEqual([
      'UNLIMITED',
      '1000000.00',
    ]);
    expect(objects.stockLegendTemplates).toEqual([
      {
        object_type: 'STOCK_LEGEND_TEMPLATE',
        id: 'certificate-legend',
        name: 'Certificate legend',
        text: 'NOT REGISTERED.',
      },
    ]);
    const noLegend = ocfExportObjects(modelSource(m, '2024-03-01', ''));
    expect(noLegend.stockLegendTemplates).toEqual([]);
    expect(noLegend.transactions[0]!['stock_legend_ids']).toEqual([]);
  });
});
