// The OCF export of random ledgers posted to the database (decision 126): the ledger model's
// random operations (issues, partial and whole transfers, conversions, cancellations, reversals,
// back-dated ones) posted through the ledger's own posting path, then exported as of every date:
// every file validates and the replayed transactions give each holder the shares of each class
// the database gives them on that date.
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planReversal, type OperationInput } from '../../../ledger';
import type { CompanyCaller } from '../../http/caller';
import { postOperation } from '../../ledger-store/post-operation';
import { ocfZipStream } from '../../ocf/ocf-package';
import { createHolder, createOrganization } from '../../test-support/fixtures';
import {
  MODEL_DATES,
  MODEL_HOLDERS,
  modelCommand,
  modelLedger,
  type ModelLedger,
} from '../../test-support/ocf-model-ledger';
import { expectReplayEqualsLedger, readOcfPackage } from '../../test-support/ocf-package-check';
import { useTestDatabase } from '../../test-support/use-test-database';
import { exportOcfPackage } from './export-ocf-package';

const database = useTestDatabase();

/** The model's operations posted to a new company of the database, ids mapped. */
async function postModel(m: ModelLedger): Promise<string> {
  const db = database.db;
  const { organization } = await createOrganization(db, 'OCF Model, Inc.');
  const holders = new Map<string, string>();
  for (const [i, id] of MODEL_HOLDERS.entries())
    holders.set(id, (await createHolder(db, organization.id, { name: `Holder ${i}` })).id);
  /** Model certificate id ("cert-3") → database id, by number; model operation id → database id. */
  const certificates = new Map<string, string>();
  const operations = new Map<string, string>();
  for (const { input, operation } of m.applied) {
    const real: OperationInput = {
      ...input,
      holderId: holders.get(input.holderId)!,
      toHolderId: input.toHolderId ? holders.get(input.toHolderId)! : null,
      originCertificateIds: (input.originCertificateIds ?? []).map((id) => certificates.get(id)!),
    };
    const reverses = operation.reversesOperationId;
    const posted = await database.ledgerTransaction((lt) =>
      postOperation(lt, {
        organizationId: organization.id,
        input: real,
        actor: { userId: 'ocf-model', holderId: null },
        ...(reverses !== null && { planner: planReversal }),
        record: {
          consideration:
            operation.consideration === null
              ? null
              : { amount: operation.consideration, currency: operation.considerationCurrency! },
          approvalDate: operation.approvalDate,
          reversesOperationId: reverses === null ? null : operations.get(reverses)!,
        },
      }),
    );
    operations.set(operation.id, posted.operationId);
    for (const c of posted.certificates) certificates.set(`cert-${c.number}`, c.id);
  }
  return organization.id;
}

const callerOf = (organizationId: string): CompanyCaller => ({
  userId: 'ocf-model',
  email: 'ocf-model@example.test',
  name: 'OCF model',
  sessionId: 'ocf-model',
  holderId: null,
  organizationId,
  timeZone: 'America/New_York',
  role: 'administrator',
  via: 'cookie',
});

describe('the OCF export of random ledgers in the database', () => {
  it('validates and replays to the database’s holdings on every date (25 ledgers)', async () => {
    let reversals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(modelCommand, { minLength: 5, maxLength: 30 }), async (cmds) => {
        const m = modelLedger(cmds);
        reversals += m.operations.filter((o) => o.reversesOperationId !== null).length;
        const organizationId = await postModel(m);
        for (const asOf of ['2023-12-31', ...MODEL_DATES]) {
          const pkg = await exportOcfPackage(database.db, callerOf(organizationId), {
            asOf,
            requestId: 'ocf-model',
          });
          const read = readOcfPackage(await buffer(ocfZipStream(pkg.files, pkg.generatedAt)));
          expect(read.transactions.every((x) => x.date <= asOf)).toBe(true);
          await expectReplayEqualsLedger(database.db, organizationId, read);
        }
      }),
      { numRuns: 25 },
    );
    expect(reversals).toBeGreaterThan(0);
  }, 600_000);
});
