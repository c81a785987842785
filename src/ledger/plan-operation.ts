import { isClassType, type ClassType } from './class-types';
import { divRoundHalfUp, formatAmount, parseAmount } from './decimal';
import { isIsoDate } from './iso-date';
import { LedgerError, type LedgerErrorCode, type LedgerField } from './ledger-error';
import type {
  CertificateState,
  HolderState,
  LedgerState,
  PlannedCertificate,
  PlannedEntry,
} from './ledger-state';
import { effectOf, type OperationEffect } from './operation-effect';
import { checkWholeShares } from './whole-shares';
import { isOperationType, type OperationType, type TransactionType } from './transaction-types';

/** One entry-form submission. Amounts arrive as decimal strings, exactly as the API received them. */
export interface OperationInput {
  type: OperationType;
  holderId: string;
  /** Transfer only. */
  toHolderId?: string | null | undefined;
  /** YYYY-MM-DD. */
  date: string;
  /**
   * The day it is recorded (YYYY-MM-DD; the server's UTC date, as the default `asOf` of the
   * directory and statement): a later `date` is refused. Omitted only where no clock applies
   * (replaying a model, tests).
   */
  today?: string | null | undefined;
  shares: string;
  /** Price per share in USD; defaults to "0". Ignored by Convert to Preferred, which keeps the basis. */
  cost?: string | null | undefined;
  /** Transfer, Convert to Preferred and Cancel. Shares are taken in this order. */
  originCertificateIds?: readonly string[] | null | undefined;
  /** New Issue only; defaults to common. */
  classType?: ClassType | null | undefined;
  notes?: string | null | undefined;
  /** Required by Cancel; kept with the transactions of any operation. */
  reason?: string | null | undefined;
}

export type {
  CertificateRef,
  CertificateState,
  ClassState,
  HolderState,
  LedgerState,
  PlannedCertificate,
  PlannedEntry,
} from './ledger-state';

/** Rows to write, in transaction order. Every entry shares the plan's date, notes and reason. */
export interface OperationPlan {
  operation: OperationType;
  date: string;
  notes: string | null;
  reason: string | null;
  newCertificates: PlannedCertificate[];
  entries: PlannedEntry[];
  /** What the entries do to the kept balances of certificates and holders. */
  effect: OperationEffect;
}

interface Allocation {
  origin: CertificateState;
  taken: bigint;
}

const NEGATIVE_AMOUNT = /^-\s*\d/;

function refuse(
  code: LedgerErrorCode,
  field: LedgerField,
  details?: Record<string, string>,
): never {
  throw new LedgerError(code, { field, details });
}

function parseShares(text: string): bigint {
  if (typeof text === 'string' && NEGATIVE_AMOUNT.test(text.trim())) {
    refuse('LEDGER.SHARES_NOT_POSITIVE', 'shares');
  }
  const shares = parseAmount(text, 'shares');
  if (shares <= 0n) refuse('LEDGER.SHARES_NOT_POSITIVE', 'shares');
  return shares;
}

function parseCost(text: string | null | undefined): bigint {
  if (text === undefined || text === null) return 0n;
  if (typeof text === 'string' && NEGATIVE_AMOUNT.test(text.trim())) {
    refuse('LEDGER.COST_NEGATIVE', 'cost');
  }
  return parseAmount(text, 'cost');
}

function parseDate(text: string, today: string | null | undefined): string {
  const date = typeof text === 'string' ? text.trim() : '';
  if (date === '') refuse('LEDGER.DATE_REQUIRED', 'date');
  if (!isIsoDate(date)) refuse('LEDGER.INVALID_DATE', 'date');
  if (today !== undefined && today !== null) {
    if (!isIsoDate(today)) throw new Error(`today must be a YYYY-MM-DD date, got ${today}`);
    if (date > today) refuse('LEDGER.DATE_IN_FUTURE', 'date', { today });
  }
  return date;
}

function optionalText(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

function requireActiveHolder(state: LedgerState, holderId: string): HolderState {
  const holder = state.holders.get(holderId);
  if (holder === undefined) refuse('LEDGER.HOLDER_NOT_FOUND', 'holderId');
  if (!holder.active) refuse('LEDGER.HOLDER_INACTIVE', 'holderId');
  return holder;
}

function requireRecipient(state: LedgerState, input: OperationInput): string {
  const toHolderId = optionalText(input.toHolderId);
  if (toHolderId === null) refuse('LEDGER.RECIPIENT_REQUIRED', 'toHolderId');
  if (toHolderId === input.holderId) refuse('LEDGER.RECIPIENT_IS_SENDER', 'toHolderId');
  const recipient = state.holders.get(toHolderId);
  if (recipient === undefined) refuse('LEDGER.HOLDER_NOT_FOUND', 'toHolderId');
  if (!recipient.active) refuse('LEDGER.RECIPIENT_INACTIVE', 'toHolderId');
  return toHolderId;
}

/** Every chosen origin is checked, even those the allocation will not need. */
function requireOrigins(
  state: LedgerState,
  input: OperationInput,
  date: string,
  commonOnly: boolean,
): CertificateState[] {
  const ids = input.originCertificateIds ?? [];
  if (ids.length === 0) refuse('LEDGER.ORIGIN_REQUIRED', 'origins');
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) refuse('LEDGER.ORIGIN_DUPLICATE', 'origins', { certificateId: id });
    seen.add(id);
  }
  return ids.map((id) => {
    const origin = state.certificates.get(id);
    const details = { certificateId: id };
    if (origin === undefined) refuse('LEDGER.ORIGIN_NOT_FOUND', 'origins', details);
    if (origin.holderId !== input.holderId) refuse('LEDGER.ORIGIN_NOT_OWNED', 'origins', details);
    if (commonOnly && origin.classType !== 'common') {
      refuse('LEDGER.ORIGIN_WRONG_CLASS', 'origins', details);
    }
    if (date < origin.effectiveDate) {
      refuse('LEDGER.DATE_BEFORE_ORIGIN', 'date', {
        ...details,
        effectiveDate: origin.effectiveDate,
      });
    }
    return origin;
  });
}

/** Takes shares from the origins in the order given; origins not needed get no allocation. */
function allocate(origins: readonly CertificateState[], shares: bigint): Allocation[] {
  const available = origins.reduce((sum, origin) => sum + origin.balance, 0n);
  if (available < shares) {
    refuse('LEDGER.INSUFFICIENT_SHARES', 'shares', {
      requested: formatAmount(shares),
      available: formatAmount(available),
    });
  }
  // Checked after the total, so that a certificate emptied by a concurrent request reads as
  // "not enough shares" rather than as a bad choice of certificate.
  const empty = origins.find((origin) => origin.balance <= 0n);
  if (empty) refuse('LEDGER.ORIGIN_EMPTY', 'origins', { certificateId: empty.id });
  const allocations: Allocation[] = [];
  let remaining = shares;
  for (const origin of origins) {
    if (remaining === 0n) break;
    const taken = origin.balance < remaining ? origin.balance : remaining;
    allocations.push({ origin, taken });
    remaining -= taken;
  }
  return allocations;
}

function debit(type: TransactionType, { origin, taken }: Allocation, cost: bigint): PlannedEntry {
  return {
    certificate: { existingId: origin.id },
    holderId: origin.holderId,
    type,
    shares: -taken,
    originCertificateId: null,
    cost,
    preferred: origin.classType === 'preferred',
  };
}

/**
 * Decides one entry-form operation: refuses it with a LedgerError (first failure wins) or
 * returns the certificates and transactions to write. Pure: reads `state`, never changes it.
 *
 * Checks, in order: type; shares (whole when the company says so); cost; date (present, a calendar date, not after `today`);
 * class (New Issue); reason (Cancel); holder exists and is active; recipient (Transfer:
 * present, not the sender, exists, active); origins (required, no duplicates, then each in the
 * order given: exists, owned by the holder, common (Convert), date not before its effective
 * date); enough shares in total; last, no chosen origin empty (so an origin emptied by a
 * concurrent request reads as not enough shares).
 *
 * Because no debit is dated before its certificate's only credit (its issue), no
 * certificate's balance is negative as of any date.
 */
export function planOperation(input: OperationInput, state: LedgerState): OperationPlan {
  const draft = planEntries(input, state);
  checkAuthorized(draft, state);
  return { ...draft, effect: effectOf(draft, state.certificates) };
}

/**
 * No class may end with more shares outstanding than the company authorized (issue 25): a New
 * Issue, or a conversion into preferred, past the limit is refused, naming the figures.
 */
function checkAuthorized(draft: DraftPlan, state: LedgerState): void {
  const added = new Map<ClassType, bigint>();
  for (const entry of draft.entries) {
    const classType: ClassType = entry.preferred ? 'preferred' : 'common';
    added.set(classType, (added.get(classType) ?? 0n) + entry.shares);
  }
  for (const [classType, shares] of added) {
    const limit = state.classes?.get(classType);
    if (shares <= 0n || !limit || limit.authorized === null) continue;
    if (limit.outstanding + shares <= limit.authorized) continue;
    const details = {
      classType,
      authorized: formatAmount(limit.authorized),
      outstanding: formatAmount(limit.outstanding),
      available: formatAmount(limit.authorized - limit.outstanding),
    };
    throw new LedgerError('LEDGER.EXCEEDS_AUTHORIZED', {
      field: 'shares',
      details,
      message:
        `Only ${details.available} more ${classType} shares are authorized ` +
        `(${details.authorized} authorized, ${details.outstanding} outstanding).`,
    });
  }
}

type DraftPlan = Omit<OperationPlan, 'effect'>;

function planEntries(input: OperationInput, state: LedgerState): DraftPlan {
  if (!isOperationType(input.type)) refuse('LEDGER.UNKNOWN_OPERATION', 'type');
  const shares = parseShares(input.shares);
  if (state.wholeSharesOnly === true) checkWholeShares(shares);
  const cost = parseCost(input.cost);
  const date = parseDate(input.date, input.today);
  const classType = input.classType ?? 'common';
  if (input.type === 'New Issue' && !isClassType(classType)) {
    refuse('LEDGER.INVALID_CLASS', 'classType');
  }
  const reason = optionalText(input.reason);
  if (input.type === 'Cancel' && reason === null) refuse('LEDGER.REASON_REQUIRED', 'reason');
  requireActiveHolder(state, input.holderId);

  const plan: DraftPlan = {
    operation: input.type,
    date,
    notes: optionalText(input.notes),
    reason,
    newCertificates: [],
    entries: [],
  };
  const newCertificate = (certificate: Omit<PlannedCertificate, 'ref' | 'effectiveDate'>) => {
    const planned = {
      ref: `new-${plan.newCertificates.length}`,
      ...certificate,
      effectiveDate: date,
    };
    plan.newCertificates.push(planned);
    return planned;
  };

  switch (input.type) {
    case 'New Issue': {
      const created = newCertificate({
        holderId: input.holderId,
        classType,
        originCertificateId: null,
        cost,
      });
      plan.entries.push({
        certificate: { newRef: created.ref },
        holderId: input.holderId,
        type: 'Issued',
        shares,
        originCertificateId: null,
        cost,
        preferred: classType === 'preferred',
      });
      return plan;
    }
    case 'Transfer': {
      const toHolderId = requireRecipient(state, input);
      const allocations = allocate(requireOrigins(state, input, date, false), shares);
      for (const allocation of allocations) {
        const { origin, taken } = allocation;
        const created = newCertificate({
          holderId: toHolderId,
          classType: origin.classType,
          originCertificateId: origin.id,
          cost,
        });
        plan.entries.push(debit('Transferred', allocation, cost), {
          certificate: { newRef: created.ref },
          holderId: toHolderId,
          type: 'Issued: transfer',
          shares: taken,
          originCertificateId: origin.id,
          cost,
          preferred: origin.classType === 'preferred',
        });
      }
      return plan;
    }
    case 'Convert to Preferred': {
      const allocations = allocate(requireOrigins(state, input, date, true), shares);
      // Conversion is one for one and keeps the cost basis: the weighted average of the
      // origins' acquisition prices over the shares taken from each (docs/decisions/004).
      const basis = divRoundHalfUp(
        allocations.reduce((sum, { origin, taken }) => sum + origin.cost * taken, 0n),
        shares,
      );
      const first = allocations[0]?.origin.id ?? null;
      for (const allocation of allocations) {
        plan.entries.push(debit('Converted To Preferred', allocation, allocation.origin.cost));
      }
      const created = newCertificate({
        holderId: input.holderId,
        classType: 'preferred',
        originCertificateId: first,
        cost: basis,
      });
      plan.entries.push({
        certificate: { newRef: created.ref },
        holderId: input.holderId,
        type: 'Issued: preferred',
        shares,
        originCertificateId: first,
        cost: basis,
        preferred: true,
      });
      return plan;
    }
    case 'Cancel': {
      const allocations = allocate(requireOrigins(state, input, date, false), shares);
      for (const allocation of allocations) plan.entries.push(debit('Cancelled', allocation, cost));
      return plan;
    }
  }
}
