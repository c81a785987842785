import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../../contract/data-api';
import {
  registryFields,
  type RegistryFieldType,
  type RegistryObject,
} from '../../../../contract/gateway';
import { holderRunningBalance } from '../../../ledger-store/running-balance-sql';

// The registry's ledger as the spec's CRM backend names it (spec section 3): each object is a
// subquery of one organization's rows whose columns carry the backend's names. Queries filter,
// order and page that subquery, so a field can only be one of these columns.

export interface RegistryField {
  type: FieldType;
  /** A child list (Destination_Shares__r): it can be asked for, not filtered or ordered on. */
  children?: true;
}

export interface RegistryObjectDef {
  name: RegistryObject;
  fields: Record<string, RegistryField>;
  /** What a query lists when it names no fields. */
  defaultFields: string[];
  /** The field naming the holder a record belongs to: a shareholder's query keeps their own. */
  owner: 'Id' | 'Shareholder__c';
  source: (organizationId: string) => SQL;
}

/** A field of the contract's table as the statements use it: its type for filters and output. */
function fieldOf(type: RegistryFieldType): RegistryField {
  if (type === 'children') return { type: 'text', children: true };
  return { type: type.replace('?', '') as FieldType };
}

const fieldsOf = (object: RegistryObject): Record<string, RegistryField> =>
  Object.fromEntries(
    Object.entries(registryFields[object]).map(([name, type]) => [name, fieldOf(type)]),
  );

const shareholderFields = fieldsOf('Shareholder__c');
const shareFields = fieldsOf('Share__c');
const transactionFields = fieldsOf('Share_Transaction__c');

const shareholderSource = (org: string) => sql`
  select h.id as "Id", h.name as "Name", h.full_name as "Full_Name__c", h.balance as "Balance__c",
         h.common_shares as "Common_Shares__c", h.preferred_shares as "Preferred_Shares__c",
         h.is_admin as "Is_Admin__c", h.state as "State__c", h.city as "City__c",
         h.address as "Address__c", h.zip_code as "Zip_Code__c",
         h.phone_number as "Phone_Number__c", h.cellphone_number as "Cellphone_Number__c",
         h.notes as "Notes__c", h.cost_per_share as "Cost_Per_Share__c", h.email as "Email__c",
         h.active as "Active__c"
    from shareholder h
   where h.organization_id = ${org}`;

/** The child relationship: the transactions that took shares from this certificate. */
const destinationShares = sql`(
  select case when count(*) = 0 then null else
         json_build_object('totalSize', count(*), 'done', true, 'records',
           json_agg(json_build_object(
             'attributes', json_build_object('type', 'Share_Transaction__c'),
             'Id', d.id, 'Shares__c', d.shares, 'Origin__c', d.origin_certificate_id,
             'Shareholder_Name__c', dh.name, 'Date__c', d.date::text)
           order by d.date, d.transaction_order)) end
    from share_transaction d
    join certificate dc on dc.id = d.certificate_id
    join shareholder dh on dh.id = dc.holder_id
   where d.origin_certificate_id = c.id)`;

const shareSource = (org: string) => sql`
  select c.id as "Id", cls.prefix || c.number as "Name", c.holder_id as "Shareholder__c",
         h.name as "Shareholder_Name__c", c.balance as "Balance__c",
         c.number as "Certificate_Number__c", c.effective_date as "Effective_Date__c",
         cls.class_type = 'preferred' as "Preferred__c",
         ${destinationShares} as "Destination_Shares__r"
    from certificate c
    join share_class cls on cls.id = c.class_id
    join shareholder h on h.id = c.holder_id
   where c.organization_id = ${org}`;

// Running_Balance__c: the holder's running balance after each transaction, the statement's
// (ledger-store/running-balance-sql, spec section 3).
const transactionSource = (org: string) => sql`
  select t.id as "Id", t.certificate_id as "Share__c", c.holder_id as "Shareholder__c",
         t.preferred as "Preferred__c", h.name as "Shareholder_Name__c",
         c.number as "Certificate_Number__c", t.origin_certificate_id as "Origin__c",
         oc.number as "Origin_Certificate_Number__c", oh.name as "Origin_Shareholder_Name__c",
         t.shares as "Shares__c", t.type as "Type__c", t.date as "Date__c", t.notes as "Notes__c",
         t.cost as "Cost__c", t.transaction_order::int as "Transaction_Order__c",
         ${holderRunningBalance(sql`t`)} as "Running_Balance__c"
    from share_transaction t
    join certificate c on c.id = t.certificate_id
    join shareholder h on h.id = c.holder_id
    left join certificate oc on oc.id = t.origin_certificate_id
    left join shareholder oh on oh.id = oc.holder_id
   where c.organization_id = ${org}`;

const withoutChildren = (fields: Record<string, RegistryField>) =>
  Object.keys(fields).filter((f) => !fields[f]!.children);

export const registryObjectDefs: Record<RegistryObject, RegistryObjectDef> = {
  Shareholder__c: {
    name: 'Shareholder__c',
    fields: shareholderFields,
    defaultFields: Object.keys(shareholderFields),
    owner: 'Id',
    source: shareholderSource,
  },
  Share__c: {
    name: 'Share__c',
    fields: shareFields,
    defaultFields: withoutChildren(shareFields),
    owner: 'Shareholder__c',
    source: shareSource,
  },
  Share_Transaction__c: {
    name: 'Share_Transaction__c',
    fields: transactionFields,
    defaultFields: Object.keys(transactionFields),
    owner: 'Shareholder__c',
    source: transactionSource,
  },
};

/** Salesforce's field names are case-insensitive, and the spec writes `Active` for `Active__c`. */
export function resolveRegistryField(def: RegistryObjectDef, written: string): string | undefined {
  const lower = written.toLowerCase();
  const names = Object.keys(def.fields);
  return (
    names.find((n) => n.toLowerCase() === lower) ??
    names.find((n) => n.toLowerCase() === `${lower}__c`)
  );
}
