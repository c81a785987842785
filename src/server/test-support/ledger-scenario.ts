import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { OperationInput, OperationType } from '../../ledger';
import type { Db } from '../db/database';
import type { Database } from '../db/open-database';
import { createHolder, createOrganization, signInAs } from './fixtures';
import type { TestApp } from './test-app';
import { ledgerInvariants } from '../ledger-store/invariants';
import { postOperation, type PostedOperation } from '../ledger-store/post-operation';

/** Posts through the same code as the API, outside HTTP (test setup). */
export function poster(database: Database, organizationId: string) {
  return (input: OperationInput): Promise<PostedOperation> =>
    database.ledgerTransaction((lt) =>
      postOperation(lt, { organizationId, input, actor: { userId: 'setup', holderId: null } }),
    );
}

type Poster = ReturnType<typeof poster>;

/** What a posting that takes shares from a certificate may name besides. */
type Besides = Pick<OperationInput, 'toHolderId' | 'cost' | 'notes' | 'reason'>;

/**
 * Posts an operation that takes `shares` on `date` from one of `owned`'s certificates, by the
 * certificate's holder (test setup).
 */
function posterFrom<Name extends string>(
  post: Poster,
  owned: Record<Name, { id: string; holderId: string }>,
) {
  return (from: Name, type: OperationType, shares: string, date: string, besides: Besides = {}) =>
    post({
      type,
      holderId: owned[from].holderId,
      date,
      shares,
      originCertificateIds: [owned[from].id],
      ...besides,
    });
}

/**
 * An organization with an administrator, two shareholders with sign-ins, a holder without one,
 * and a small ledger: Alice holds CS-1 (100 @ 1.00) and CS-2 (50 @ 2.50), Bob CS-3 (10 @ 3.00).
 */
export async function ledgerScenario(t: TestApp) {
  const db = t.database.db;
  const tag = randomUUID().slice(0, 8);
  const { organization } = await createOrganization(db, `Scenario ${tag}, Inc.`);
  const admin = await createHolder(db, organization.id, {
    name: 'Ada Admin',
    email: `admin-${tag}@example.test`,
    isAdmin: true,
  });
  const alice = await createHolder(db, organization.id, {
    name: 'Alice',
    email: `alice-${tag}@example.test`,
  });
  const bob = await createHolder(db, organization.id, {
    name: 'Bob',
    email: `bob-${tag}@example.test`,
  });
  const carol = await createHolder(db, organization.id, { name: 'Carol' });
  const post = poster(t.database, organization.id);
  const cs1 = await post({
    type: 'New Issue',
    holderId: alice.id,
    date: '2023-01-02',
    shares: '100',
    cost: '1.00',
  });
  const cs2 = await post({
    type: 'New Issue',
    holderId: alice.id,
    date: '2023-06-01',
    shares: '50',
    cost: '2.50',
  });
  const cs3 = await post({
    type: 'New Issue',
    holderId: bob.id,
    date: '2023-07-01',
    shares: '10',
    cost: '3.00',
  });
  const owned = {
    cs1: { id: cs1.certificates[0]!.id, holderId: alice.id },
    cs2: { id: cs2.certificates[0]!.id, holderId: alice.id },
    cs3: { id: cs3.certificates[0]!.id, holderId: bob.id },
  };
  return {
    db,
    organization,
    admin,
    alice,
    bob,
    carol,
    post,
    postFrom: posterFrom(post, owned),
    certificates: { cs1: owned.cs1.id, cs2: owned.cs2.id, cs3: owned.cs3.id },
    as: {
      admin: await signInAs(t, admin.email!),
      alice: await signInAs(t, alice.email!),
      bob: await signInAs(t, bob.email!),
      nobody: await signInAs(t, `nobody-${tag}@example.test`),
    },
  };
}

export async function expectLedgerSound(db: Db): Promise<void> {
  expect(await ledgerInvariants(db)).toEqual([]);
}
