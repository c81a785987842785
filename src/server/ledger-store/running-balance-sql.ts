import { sql, type SQL } from 'drizzle-orm';

/**
 * The running balance after a transaction (spec section 3), the one the statement, its PDF and
 * the gateway's Running_Balance__c show: the cumulative sum of Shares over the holder's
 * transactions in the statement's order, date then transaction order, whatever their class or
 * certificate. `t` names a share_transaction row; its holder is the copied `holder_id`. The SQL
 * form of the ledger's `withRunningBalance` over `compareLedgerOrder`, which the tests compare.
 */
export const holderRunningBalance = (t: SQL): SQL =>
  sql`sum(${t}.shares) over (partition by ${t}.holder_id order by ${t}.date, ${t}.transaction_order)`;
