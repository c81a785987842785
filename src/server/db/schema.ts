import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, shares, updatedAt, uuidKey } from './columns';
import { companyRow, organizationRef } from './organization-schema';

// Money is numeric(20,2), as shares are (columns.ts): exact, read back as a string.
const money = (name: string) => numeric(name, { precision: 20, scale: 2 });

/** The spec's Shareholder. Figures are kept by the ledger in the same transaction as its entries. */
export const shareholder = pgTable(
  'shareholder',
  {
    ...companyRow(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull().default(''),
    email: text('email'),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    cellphoneNumber: text('cellphone_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    country: text('country').notNull().default(''),
    // A person or an entity (a fund, a company, a trust): issue 25.
    holderType: text('holder_type').notNull().default('individual'),
    // When an administrator last invited the holder to the portal (issue 25).
    invitedAt: moment('invited_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    // A board member, auditor or counsel: sees what administrators see, changes nothing (issue 25).
    readOnly: boolean('read_only').notNull().default(false),
    // Whether the holder gets an e-mail notice after each operation that involves them (issue 25).
    notices: boolean('notices').notNull().default(true),
    active: boolean('active').notNull().default(true),
    commonShares: shares('common_shares').notNull().default('0'),
    preferredShares: shares('preferred_shares').notNull().default('0'),
    balance: shares('balance').notNull().default('0'),
    // Σ(certificate balance × its acquisition price): cost per share = held_cost / balance.
    heldCost: numeric('held_cost', { precision: 30, scale: 4 }).notNull().default('0'),
    // Derived by the database, so the directory can sort by it through an index.
    costPerShare: money('cost_per_share')
      .notNull()
      .generatedAlwaysAs(sql`case when balance = 0 then 0 else round(held_cost / balance, 2) end`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shareholder_org_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    // The session's holder match looks a user up by e-mail alone (every request).
    index('shareholder_email_idx').on(sql`lower(${t.email})`),
    // One index per sortable directory column (the first page of 100,000 holders stays cheap).
    index('shareholder_org_balance_idx').on(t.organizationId, t.balance, t.id),
    index('shareholder_org_common_idx').on(t.organizationId, t.commonShares, t.id),
    index('shareholder_org_preferred_idx').on(t.organizationId, t.preferredShares, t.id),
    index('shareholder_org_cost_per_share_idx').on(t.organizationId, t.costPerShare, t.id),
    // Names in the language's order (Unicode's root collation through ICU, which PostgreSQL 15
    // and PGlite both have): Łukasz under L, Émile under E (migration 0018).
    index('shareholder_org_name_language_idx').on(
      t.organizationId,
      sql`${t.name} collate "und-x-icu"`,
      t.id,
    ),
    check('shareholder_holder_type', sql`${t.holderType} in ('individual', 'entity')`),
    check('shareholder_one_role', sql`not (${t.isAdmin} and ${t.readOnly})`),
    check('shareholder_common_nonneg', sql`${t.commonShares} >= 0`),
    check('shareholder_preferred_nonneg', sql`${t.preferredShares} >= 0`),
    check('shareholder_balance_sum', sql`${t.balance} = ${t.commonShares} + ${t.preferredShares}`),
    // contract/shareholders.ts postalCode: letters, digits, inner spaces and hyphens (issue 25).
    check(
      'shareholder_postal_code',
      sql`length(${t.zipCode}) <= 12 and ${t.zipCode} ~ '^([A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?)?$'`,
    ),
  ],
);

export const shareClass = pgTable(
  'share_class',
  {
    ...companyRow(),
    name: text('name').notNull(),
    classType: text('class_type', { enum: ['common', 'preferred'] }).notNull(),
    prefix: text('prefix').notNull(),
    authorizedShares: shares('authorized_shares'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_class_org_type_unique').on(t.organizationId, t.classType),
    check('share_class_type_valid', sql`${t.classType} in ('common', 'preferred')`),
  ],
);

/** The spec's Share: a certificate. Its balance is kept equal to the sum of its transactions. */
export const certificate = pgTable(
  'certificate',
  {
    ...companyRow(),
    number: integer('number').notNull(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => shareholder.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClass.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    originCertificateId: uuid('origin_certificate_id').references(
      (): AnyPgColumn => certificate.id,
    ),
    balance: shares('balance').notNull().default('0'),
    // Acquisition price per share (USD) of the shares on this certificate.
    cost: money('cost').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificate_org_number_unique').on(t.organizationId, t.number),
    index('certificate_holder_idx').on(t.holderId, t.number),
    index('certificate_origin_idx').on(t.originCertificateId),
    check('certificate_balance_nonneg', sql`${t.balance} >= 0`),
    check('certificate_cost_nonneg', sql`${t.cost} >= 0`),
  ],
);

/** One recorded ledger operation (New Issue, Transfer, Convert to Preferred, Cancel). */
export const ledgerOperation = pgTable(
  'ledger_operation',
  {
    ...companyRow(),
    type: text('type').notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: moment('recorded_at').notNull().defaultNow(),
    requestId: text('request_id'),
    idempotencyKey: text('idempotency_key'),
    reason: text('reason'),
    // What was paid for the shares, in all (issue 25): an amount and its ISO 4217 currency.
    consideration: money('consideration'),
    considerationCurrency: text('consideration_currency'),
    // Who approved it: the board meeting's or written consent's date and reference.
    approvalDate: date('approval_date', { mode: 'string' }),
    approvalReference: text('approval_reference'),
    // A correction: the operation this one reverses (at most one reversal per operation).
    reversesOperationId: uuid('reverses_operation_id')
      .unique('ledger_operation_reverses_unique')
      .references((): AnyPgColumn => ledgerOperation.id),
  },
  (t) => [
    check(
      'ledger_operation_consideration',
      sql`(${t.consideration} is null) = (${t.considerationCurrency} is null) and (${t.consideration} is null or ${t.consideration} >= 0) and (${t.considerationCurrency} is null or ${t.considerationCurrency} ~ '^[A-Z]{3}$')`,
    ),
  ],
);

export const TRANSACTION_TYPE_SQL = `'Issued', 'Issued: transfer', 'Issued: preferred', 'Transferred', 'Converted To Preferred', 'Cancelled'`;

/** The spec's Share_Transaction. Append-only: a trigger refuses UPDATE and DELETE. */
export const shareTransaction = pgTable(
  'share_transaction',
  {
    id: uuidKey(),
    // Global posting order; the spec's Transaction_Order.
    transactionOrder: bigserial('transaction_order', { mode: 'bigint' }).notNull().unique(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => ledgerOperation.id),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificate.id),
    preferred: boolean('preferred').notNull(),
    originCertificateId: uuid('origin_certificate_id').references(() => certificate.id),
    // Who a transfer's shares came from or went to (ledger counterpartiesOf), kept at write time
    // so that a statement need not search each transfer's other side.
    counterpartyHolderId: uuid('counterparty_holder_id').references(() => shareholder.id),
    // The certificate's and the origin's facts that a statement prints, copied when the
    // transaction is written (none of them ever changes), so that a holder's history is one
    // index range rather than a join per line (decision 087; ledger_invariants() compares them).
    // No foreign key on the holder: it equals the certificate's, which has one.
    holderId: uuid('holder_id').notNull(),
    certificateNumber: integer('certificate_number').notNull(),
    certificatePrefix: text('certificate_prefix').notNull(),
    certificateCost: money('certificate_cost').notNull(),
    originNumber: integer('origin_number'),
    originPrefix: text('origin_prefix'),
    shares: shares('shares').notNull(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    cost: money('cost').notNull().default('0'),
    reason: text('reason'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: moment('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('share_transaction_certificate_idx').on(t.certificateId, t.date, t.transactionOrder),
    index('share_transaction_operation_idx').on(t.operationId),
    index('share_transaction_holder_idx').on(t.holderId, t.date, t.transactionOrder),
    // The company ledger's date order and date ranges (GET /api/v1/ledger, decision 119).
    index('share_transaction_date_idx').on(t.date, t.transactionOrder),
    check(
      'share_transaction_origin_copy',
      sql`(${t.originCertificateId} is null) = (${t.originNumber} is null) and (${t.originNumber} is null) = (${t.originPrefix} is null)`,
    ),
    check('share_transaction_shares_nonzero', sql`${t.shares} <> 0`),
    check('share_transaction_cost_nonneg', sql`${t.cost} >= 0`),
    check('share_transaction_type_valid', sql.raw(`type in (${TRANSACTION_TYPE_SQL})`)),
    check(
      'share_transaction_counterparty_check',
      sql`(${t.type} in ('Transferred', 'Issued: transfer')) = (${t.counterpartyHolderId} is not null)`,
    ),
  ],
);

/** Who changed what, when, why. Append-only: a trigger refuses UPDATE and DELETE. */
export const auditEntry = pgTable(
  'audit_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    organizationId: organizationRef(),
    actorUserId: text('actor_user_id'),
    actorHolderId: uuid('actor_holder_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    operationId: uuid('operation_id').references(() => ledgerOperation.id),
    requestId: text('request_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    // The hash chain (migration 0023, decision 118): the entry's place in its organization's
    // chain, the previous entry's hash and its own, set by the audit_entry_chain trigger.
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_entry_chain_idx').on(t.organizationId, t.seq),
    index('audit_entry_entity_idx').on(t.entityType, t.entityId),
    index('audit_entry_operation_idx').on(t.operationId),
    index('audit_entry_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Each organization's last audit entry: the head of its hash chain, locked by each new entry. */
export const auditChainHead = pgTable('audit_chain_head', {
  organizationId: organizationRef().primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/** Stored first answers of ledger POSTs, keyed by caller and Idempotency-Key (kept ≥ 24 h). */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    // The first answer's text as sent: a replay is byte-identical (LED-08); jsonb would reorder keys.
    responseBody: text('response_body'),
    createdAt: createdAt(),
    lockedUntil: moment('locked_until'),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_created_idx').on(t.createdAt),
  ],
);

export * from './organization-schema';
export * from './auth-schema';
export * from './api-key-schema';
export * from './data-schema';
export * from './import-schema';
export * from './write-journal-schema';
