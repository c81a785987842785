import type { DataEntity } from '../../contract/data-api';
import { dataOrganization, tenantWithRecords, type DataClient } from './data-client';
import { filledBeforeAll } from './filled-before-all';
import type { TestApp } from './test-app';

export type TenantRecords = Awaited<ReturnType<typeof tenantWithRecords>>;

/**
 * The database API's client for the signed-in administrator of a new organization
 * (dataOrganization), made before the tests around the call.
 */
export const useDataAdmin = (t: TestApp): DataClient =>
  filledBeforeAll(async () => (await dataOrganization(t)).api);

/** A tenant with one record of each entity (tenantWithRecords), made before the tests around the call. */
export const useTenantWithRecords = (api: DataClient): TenantRecords =>
  filledBeforeAll(() => tenantWithRecords(api));

/** The record of `entity` among a tenant's records. */
export const recordOf = (r: TenantRecords, entity: DataEntity) =>
  ({
    tenants: r.tenant,
    accounts: r.account,
    contacts: r.contact,
    leads: r.lead,
    product_lines: r.line,
    products: r.product,
    orders: r.order,
    pets: r.pet,
    visits: r.visit,
  })[entity];
