import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEntities, type DashboardResponse } from '../../contract/data-api';
import { signInAs } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedDemoData } from './seed-demo';
import { seedDemoDataLayer } from './seed-demo-data-layer';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { organizationId } = await seedDemoData(t.database);
  await seedDemoDataLayer(t.database.db, organizationId);
  admin = await signInAs(t, 'admin@acme.test');
});
afterAll(() => t.close());

describe('the demo data layer', () => {
  it('has two tenants with a few records of each entity, in several states', async () => {
    const tenants = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mysql/tenants',
      headers: admin,
    });
    expect(tenants.json<{ total: number }>().total).toBe(2);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mysql/analytics/dashboard',
      headers: admin,
    });
    const d = res.json<DashboardResponse>();
    for (const entity of dataEntities)
      expect(d.counts[entity]!.total, entity).toBeGreaterThanOrEqual(2);
    expect(d.counts.orders!.byStatus).toMatchObject({ delivered: 2, cancelled: 2, pending: 2 });
    expect(d.lowStock.map((p) => p.sku).sort()).toEqual(['HP-JS-02', 'NW-BED-02']);
    expect(d.ordersByMonth.reduce((n, m) => n + m.orders, 0)).toBeGreaterThan(0);
  });

  it('keeps every reference inside its tenant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mysql/query',
      headers: admin,
      payload: {
        entity: 'visits',
        fields: ['tenant_id', 'pet.tenant_id', 'pet.owner.tenant_id'],
        joins: ['pet.owner'],
      },
    });
    for (const row of res.json<Array<Record<string, string>>>()) {
      expect(row['pet.tenant_id']).toBe(row.tenant_id);
      expect(row['pet.owner.tenant_id']).toBe(row.tenant_id);
    }
  });
});
