import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { ledgerInvariants } from './invariants';

/**
 * Start-up check (checklist LED-12): runs ledger_invariants() and logs every violation at
 * `fatal` level, loudly, without refusing to start (the registry must stay readable so the
 * damage can be inspected). Also purges idempotency keys past their retention.
 */
export async function verifyLedgerAtStartup(db: Db, log: FastifyBaseLogger): Promise<number> {
  await purgeExpiredIdempotencyKeys(db);
  const violations = await ledgerInvariants(db);
  if (violations.length === 0) {
    log.info('ledger invariants hold');
    return 0;
  }
  for (const v of violations.slice(0, 100)) {
    log.fatal({ invariant: v }, `LEDGER INVARIANT VIOLATED: ${v.check_name} ${v.entity_id}`);
  }
  log.fatal(
    { violations: violations.length },
    `LEDGER INVARIANTS VIOLATED: ${violations.length} row(s); run npm run ledger:verify`,
  );
  return violations.length;
}
