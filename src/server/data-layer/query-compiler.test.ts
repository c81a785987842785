import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataEntities, type DataQueryBody } from '../../contract/data-api';
import { AppError } from '../http/app-error';
import { registry } from './entity-registry';
import { compileQuery } from './query-compiler';

const dialect = new PgDialect();
const ORG = randomUUID();
const render = (body: DataQueryBody) => dialect.sqlToQuery(compileQuery(body, ORG));

// Spec section 3, word for word; every row also has id, created_at and updated_at.
const SPEC_FIELDS: Record<string, string> = {
  tenants: 'tenant_key, name, business_type, status, subscription_tier, updated_at',
  accounts: 'tenant_id, name, description, account_type, industry, annual_revenue, employee_count',
  contacts:
    'tenant_id, account_id, first_name, last_name, email, phone, title, department, notes, status, preferred_contact_method, birth_date',
  leads:
    'tenant_id, contact_id, account_id, status, source, value, assigned_to, expected_close_date, description, notes',
  product_lines: 'tenant_id, name, description, status',
  products:
    'tenant_id, product_line_id, name, description, sku, type, category, status, price, cost, inventory_tracked, current_stock, min_stock_level',
  orders:
    'tenant_id, account_id, contact_id, order_number, status, payment_status, total_amount, order_date, ship_date, delivery_date',
  pets: 'tenant_id, owner_contact_id, name, species, breed, status, microchip_number, birth_date, weight, medical_notes',
  visits:
    'tenant_id, contact_id, pet_id, visit_type, visit_date, status, chief_complaint, diagnosis, treatment, notes, total_cost',
};

describe('the entity registry', () => {
  it.each(dataEntities)('gives %s exactly the spec’s fields', (entity) => {
    const spec = new Set([...SPEC_FIELDS[entity]!.split(', '), 'id', 'created_at', 'updated_at']);
    expect(new Set(registry[entity].fields.map((f) => f.name))).toEqual(spec);
  });

  it('keeps money exact and dates as dates', () => {
    const typeOf = (entity: keyof typeof registry, field: string) =>
      registry[entity].field.get(field)?.type;
    for (const [e, f] of [
      ['accounts', 'annual_revenue'],
      ['leads', 'value'],
      ['products', 'price'],
      ['products', 'cost'],
      ['orders', 'total_amount'],
      ['visits', 'total_cost'],
      ['pets', 'weight'],
    ] as const)
      expect(typeOf(e, f), `${e}.${f}`).toBe('decimal');
    for (const [e, f] of [
      ['contacts', 'birth_date'],
      ['leads', 'expected_close_date'],
      ['orders', 'order_date'],
      ['orders', 'ship_date'],
      ['orders', 'delivery_date'],
      ['pets', 'birth_date'],
      ['visits', 'visit_date'],
    ] as const)
      expect(typeOf(e, f), `${e}.${f}`).toBe('date');
  });
});

describe('the query compiler', () => {
  it('binds every value as a parameter and filters every table by organization', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const value = `Zq${s.split(String.fromCharCode(0)).join('')}`;
        const q = render({
          entity: 'contacts',
          joins: ['account', 'tenant'],
          filters: {
            first_name: value,
            $or: [
              { last_name: { operator: 'LIKE', value } },
              { email: { operator: 'IN', value: [value] } },
            ],
            'account.name': { operator: '!=', value },
          },
        });
        expect(q.sql).not.toContain('Zq');
        expect(q.params).toContain(value);
        expect(q.params.filter((p) => p === ORG)).toHaveLength(3);
        expect(q.sql).toMatch(/"t1"\.organization_id = \$\d+/);
      }),
    );
  });

  it('quotes identifiers from the registry only, and refuses anything else before building', () => {
    const q = render({
      entity: 'orders',
      fields: ['sum(total_amount)', 'status'],
      groupBy: ['status'],
    });
    expect(q.sql).toContain('sum("t0"."total_amount")::text as "sum_total_amount"');
    for (const body of [
      { entity: 'contacts', fields: ['first_name"; drop table x; --'] },
      { entity: 'contacts', orderBy: 'first_name; select 1' },
      { entity: 'contacts', joins: ['account on true'] },
      { entity: 'contacts', groupBy: ['(select 1)'] },
    ] as DataQueryBody[])
      expect(() => render(body)).toThrow(AppError);
  });
});
