import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DataRow } from '../../contract/data-api';
import { createHolder, createOrganization, signInAs } from './fixtures';
import type { TestApp } from './test-app';

export const API = '/api/v1/mysql';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests to the database API as one caller (headers of a session). */
export function dataClient(t: TestApp, headers: Record<string, string>) {
  // Any JSON value as the body, strings included (inject would send those as text/plain).
  const send = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const ok = async <T>(method: Method, url: string, payload: unknown, status: number) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  return {
    send,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    del: (url: string) => send('DELETE', url),
    /** POST .../create/{entity}, expecting 201. */
    create: (entity: string, body: Record<string, unknown>) =>
      ok<DataRow>('POST', `${API}/create/${entity}`, body, 201),
    /** POST .../query, expecting 200. */
    query: (body: Record<string, unknown>) => ok<DataRow[]>('POST', `${API}/query`, body, 200),
    /** POST .../{entity}/{id}/{action}, expecting 200. */
    act: (entity: string, id: unknown, action: string, body?: Record<string, unknown>) =>
      ok<DataRow>('POST', `${API}/${entity}/${String(id)}/${action}`, body ?? {}, 200),
  };
}
export type DataClient = ReturnType<typeof dataClient>;

/** An organization with a signed-in administrator (and a shareholder who is not one). */
export async function dataOrganization(t: TestApp, name = 'Data') {
  const db = t.database.db;
  const tag = randomUUID().slice(0, 8);
  const { organization } = await createOrganization(db, `${name} ${tag}, Inc.`);
  const adminEmail = `data-admin-${tag}@example.test`;
  const holderEmail = `data-holder-${tag}@example.test`;
  await createHolder(db, organization.id, { name: 'Dana Admin', email: adminEmail, isAdmin: true });
  await createHolder(db, organization.id, { name: 'Hal Holder', email: holderEmail });
  const admin = await signInAs(t, adminEmail);
  return {
    organizationId: organization.id,
    admin,
    api: dataClient(t, admin),
    holder: () => signInAs(t, holderEmail),
  };
}

/** A tenant with one record of each entity, linked as the spec's fields allow. */
export async function tenantWithRecords(api: DataClient, key = `t-${randomUUID().slice(0, 8)}`) {
  const tenant = await api.create('tenants', { tenant_key: key, name: `Tenant ${key}` });
  const tenant_id = tenant.id;
  const account = await api.create('accounts', {
    tenant_id,
    name: 'Acme',
    annual_revenue: '1000.50',
  });
  const contact = await api.create('contacts', {
    tenant_id,
    account_id: account.id,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
  });
  const lead = await api.create('leads', {
    tenant_id,
    contact_id: contact.id,
    account_id: account.id,
    value: 2500,
  });
  const line = await api.create('product_lines', { tenant_id, name: 'Food' });
  const product = await api.create('products', {
    tenant_id,
    product_line_id: line.id,
    name: 'Kibble',
    sku: `SKU-${key}`,
    price: '19.99',
    current_stock: 5,
    min_stock_level: 2,
  });
  const order = await api.create('orders', {
    tenant_id,
    account_id: account.id,
    contact_id: contact.id,
    order_number: `O-${key}`,
    total_amount: '99.95',
    order_date: '2024-03-04',
  });
  const pet = await api.create('pets', { tenant_id, owner_contact_id: contact.id, name: 'Rex' });
  const visit = await api.create('visits', {
    tenant_id,
    contact_id: contact.id,
    pet_id: pet.id,
    visit_date: '2024-03-05',
  });
  return { tenant, account, contact, lead, line, product, order, pet, visit };
}
