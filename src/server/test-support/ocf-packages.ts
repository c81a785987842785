import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { createOrganizationWith, signInAs } from './fixtures';
import type { TestApp } from './test-app';

// OCF packages for the import's tests: the official samples (/work/shared/ocf/samples, at CI
// ../shared/ocf/samples beside the repository; OCF_SAMPLES_DIR overrides) and a small coherent
// cap table written here, and a multipart body to upload them.

export const ocfSamplesDir =
  process.env.OCF_SAMPLES_DIR ||
  join(new URL('../../../../shared/ocf/samples', import.meta.url).pathname);

export interface PackageFile {
  name: string;
  data: Uint8Array;
}

export const sampleFiles = (): PackageFile[] =>
  readdirSync(ocfSamplesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, data: readFileSync(join(ocfSamplesDir, name)) }));

const file = (name: string, body: unknown): PackageFile => ({
  name,
  data: strToU8(JSON.stringify(body)),
});

const stakeholder = (id: string, name: string, email: string) => ({
  object_type: 'STAKEHOLDER',
  id,
  name: { legal_name: name },
  stakeholder_type: 'INDIVIDUAL',
  contact_info: { emails: [{ email_type: 'PERSONAL', email_address: email }] },
});

const issuance = (
  id: string,
  date: string,
  holder: string,
  cls: string,
  quantity: string,
  customId: string,
) => ({
  object_type: 'TX_STOCK_ISSUANCE',
  id,
  security_id: `sec-${id}`,
  date,
  stakeholder_id: holder,
  stock_class_id: cls,
  custom_id: customId,
  quantity,
  share_price: { amount: '1.50', currency: 'USD' },
  security_law_exemptions: [],
  stock_legend_ids: [],
});

/**
 * Ann 1000 common (CS-1), Bo 500 preferred (PS-2); Ann transfers 300 to Cy (CS-3, balance 700
 * stays CS-1); Cy cancels 100 (balance 200); Ann converts 200 to preferred (PS-4). Ends: Ann 500
 * common + 200 preferred, Bo 500 preferred, Cy 200 common. Plus one warrant (not expressible)
 * and one stakeholder without a name (invalid). `extra` transactions are appended.
 */
export function capTablePackage(extra: unknown[] = []): PackageFile[] {
  const tag = randomUUID().slice(0, 6);
  const transactions = [
    issuance('iss-ann', '2020-01-01', 'ann', 'common', '1000', 'CS-1'),
    issuance('iss-bo', '2020-02-01', 'bo', 'pref', '500.00', 'PS-2'),
    {
      object_type: 'TX_STOCK_TRANSFER',
      id: 'tr-1',
      security_id: 'sec-iss-ann',
      date: '2021-01-01',
      quantity: '300',
      resulting_security_ids: ['sec-iss-cy'],
      balance_security_id: 'sec-iss-ann-bal',
    },
    issuance('iss-cy', '2021-01-01', 'cy', 'common', '300', 'CS-3'),
    issuance('iss-ann-bal', '2021-01-01', 'ann', 'common', '700', 'CS-1B'),
    {
      object_type: 'TX_STOCK_CANCELLATION',
      id: 'can-1',
      security_id: 'sec-iss-cy',
      date: '2022-01-01',
      quantity: '100',
      reason_text: 'Forfeited',
      balance_security_id: 'sec-iss-cy-bal',
    },
    issuance('iss-cy-bal', '2022-01-01', 'cy', 'common', '200', 'CS-3B'),
    {
      object_type: 'TX_STOCK_CONVERSION',
      id: 'conv-1',
      security_id: 'sec-iss-ann-bal',
      date: '2022-06-01',
      quantity_converted: '200',
      resulting_security_ids: ['sec-iss-ann-pref'],
      balance_security_id: 'sec-iss-ann-bal2',
    },
    issuance('iss-ann-pref', '2022-06-01', 'ann', 'pref', '200', 'PS-4'),
    issuance('iss-ann-bal2', '2022-06-01', 'ann', 'common', '500', 'CS-1C'),
    {
      object_type: 'TX_WARRANT_ISSUANCE',
      id: 'warrant-1',
      security_id: 'w-1',
      date: '2022-07-01',
      stakeholder_id: 'bo',
      custom_id: 'W-1',
      purchase_price: { amount: '1.00', currency: 'USD' },
      exercise_triggers: [],
      security_law_exemptions: [],
    },
    ...extra,
  ];
  return [
    file('Stakeholders.ocf.json', {
      file_type: 'OCF_STAKEHOLDERS_FILE',
      items: [
        stakeholder('ann', 'Ann Archer', `ann-${tag}@example.test`),
        stakeholder('bo', 'Bo Baker', `bo-${tag}@example.test`),
        stakeholder('cy', 'Cy Cole', `cy-${tag}@example.test`),
        { object_type: 'STAKEHOLDER', id: 'nameless', stakeholder_type: 'INDIVIDUAL' },
      ],
    }),
    file('StockClasses.ocf.json', {
      file_type: 'OCF_STOCK_CLASSES_FILE',
      items: [
        { ...classItem('common', 'Common', 'COMMON', 'CS-'), initial_shares_authorized: '5000' },
        {
          ...classItem('pref', 'Series Seed', 'PREFERRED', 'PS-'),
          initial_shares_authorized: '900',
        },
      ],
    }),
    file('Transactions.ocf.json', { file_type: 'OCF_TRANSACTIONS_FILE', items: transactions }),
  ];
}

function classItem(id: string, name: string, classType: string, prefix: string) {
  return {
    object_type: 'STOCK_CLASS',
    id,
    name,
    class_type: classType,
    default_id_prefix: prefix,
    votes_per_share: '1',
    seniority: '1',
  };
}

export const zipOf = (files: PackageFile[]): Uint8Array =>
  zipSync(Object.fromEntries(files.map((f) => [f.name, f.data])));

/** A multipart/form-data body with each file as a `file` part. */
export function multipartBody(files: PackageFile[], field = 'file') {
  const boundary = `----ocf${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A company with only an administrator (no ledger rows), and their session's headers. */
export async function emptyCompany(t: TestApp) {
  const tag = randomUUID().slice(0, 8);
  const email = `ocf-admin-${tag}@example.test`;
  const created = await createOrganizationWith(
    t.database.db,
    [{ name: 'Olga Admin', email, isAdmin: true }],
    `Empty ${tag}, Inc.`,
  );
  return { organizationId: created.organization.id, headers: await signInAs(t, email) };
}
