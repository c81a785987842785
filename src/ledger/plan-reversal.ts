import { divRoundHalfUp, formatAmount, parseSignedAmount } from './decimal';
import { isLedgerError, LedgerError, type LedgerErrorCode } from './ledger-error';
import type { ClassType } from './class-types';
import type { LedgerState } from './ledger-state';
import { planOperation, type OperationInput, type OperationPlan } from './plan-operation';
import type { OperationType, TransactionType } from './transaction-types';

/** One transaction of the operation to reverse, as it was written. */
export interface OriginalEntry {
  certificateId: string;
  holderId: string;
  type: TransactionType;
  /** Signed decimal string, as stored: "-10.00" for a debit. */
  shares: string;
  /** The entry's price per share. */
  cost: string;
  /** The certificate's acquisition price per share. */
  certificateCost: string;
  preferred: boolean;
}

/** The operation to reverse, with its links. */
export interface OriginalOperation {
  id: string;
  type: OperationType;
  /** Set when it is itself a reversal. */
  reversesOperationId: string | null;
  /** Set when it was already reversed. */
  reversedByOperationId: string | null;
  /** In transaction order. */
  entries: readonly OriginalEntry[];
}

export interface ReversalOptions {
  /** The company's today: the reversal's date. */
  today: string;
  reason: string;
}

const refuse = (code: LedgerErrorCode, message?: string): never => {
  throw new LedgerError(code, message === undefined ? {} : { message });
};

const hundredths = (text: string): bigint => parseSignedAmount(text);
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/**
 * The inverse of an operation, as an entry-form operation the ledger already knows (decision
 * 122): a New Issue is undone by a Cancel of the shares from the certificate it issued; a
 * Transfer by a Transfer back from the certificates it created to the sender, at the same
 * price; a Cancel by a New Issue of the same shares and class to the same holder, at the
 * cancelled certificates' average cost. A conversion to preferred has no inverse the ledger
 * can express (it converts common to preferred only), nor has a Cancel of both classes at once.
 * An operation already reversed, or itself a reversal, is refused. Dated `today`.
 */
export function reversalInput(original: OriginalOperation, opts: ReversalOptions): OperationInput {
  if (original.reversesOperationId !== null) refuse('LEDGER.REVERSAL_OF_REVERSAL');
  if (original.reversedByOperationId !== null) refuse('LEDGER.ALREADY_REVERSED');
  const reason = opts.reason.trim();
  if (reason === '') throw new LedgerError('LEDGER.REASON_REQUIRED', { field: 'reason' });
  const base = { date: opts.today, today: opts.today, reason, notes: null };
  const credits = original.entries.filter((e) => hundredths(e.shares) > 0n);
  const debits = original.entries.filter((e) => hundredths(e.shares) < 0n);
  switch (original.type) {
    case 'New Issue': {
      const [issued] = credits;
      if (!issued) return refuse('LEDGER.REVERSAL_NOT_SUPPORTED');
      return {
        ...base,
        type: 'Cancel',
        holderId: issued.holderId,
        shares: formatAmount(hundredths(issued.shares)),
        originCertificateIds: [issued.certificateId],
      };
    }
    case 'Transfer': {
      const [first] = credits;
      const sender = debits[0]?.holderId;
      if (!first || sender === undefined) return refuse('LEDGER.REVERSAL_NOT_SUPPORTED');
      return {
        ...base,
        type: 'Transfer',
        holderId: first.holderId,
        toHolderId: sender,
        shares: formatAmount(sum(credits.map((e) => hundredths(e.shares)))),
        cost: first.cost,
        originCertificateIds: credits.map((e) => e.certificateId),
      };
    }
    case 'Cancel':
      return reissue(original, base);
    case 'Convert to Preferred':
      return refuse(
        'LEDGER.REVERSAL_NOT_SUPPORTED',
        'A conversion to preferred cannot be reversed: the ledger converts common shares to ' +
          'preferred only. Record a Cancel of the preferred certificate and a New Issue of ' +
          'common shares instead.',
      );
  }
}

/** A Cancel's inverse: the cancelled shares issued again, one class, at their average cost. */
function reissue(
  original: OriginalOperation,
  base: Pick<OperationInput, 'date' | 'today' | 'reason' | 'notes'>,
): OperationInput {
  const cancelled = original.entries.filter((e) => hundredths(e.shares) < 0n);
  const classes = new Set(cancelled.map((e) => e.preferred));
  const [holder] = cancelled;
  if (!holder || classes.size !== 1) {
    return refuse(
      'LEDGER.REVERSAL_NOT_SUPPORTED',
      'A cancellation of both common and preferred shares cannot be reversed in one operation: ' +
        'record a New Issue of each class instead.',
    );
  }
  const shares = sum(cancelled.map((e) => -hundredths(e.shares)));
  const basis = divRoundHalfUp(
    sum(cancelled.map((e) => hundredths(e.certificateCost) * -hundredths(e.shares))),
    shares,
  );
  const classType: ClassType = holder.preferred ? 'preferred' : 'common';
  return {
    ...base,
    type: 'New Issue',
    holderId: holder.holderId,
    shares: formatAmount(shares),
    cost: formatAmount(basis),
    classType,
  };
}

/** What the reversal would need that the balances no longer allow, in the reversal's terms. */
const BLOCKED: Partial<Record<LedgerErrorCode, (details: Record<string, string>) => string>> = {
  'LEDGER.INSUFFICIENT_SHARES': (d) =>
    `The operation cannot be reversed: the certificates it created now hold ${d['available'] ?? '0'} ` +
    `of the ${d['requested'] ?? ''} shares a reversal would take back; the rest were since ` +
    'transferred or cancelled. Reverse those later operations first.',
  'LEDGER.ORIGIN_EMPTY': () =>
    'The operation cannot be reversed: a certificate it created has no shares left; they were ' +
    'since transferred or cancelled. Reverse those later operations first.',
  'LEDGER.HOLDER_INACTIVE': () =>
    'The operation cannot be reversed: the shareholder who would give the shares back is no ' +
    'longer active.',
  'LEDGER.RECIPIENT_INACTIVE': () =>
    'The operation cannot be reversed: the shareholder who would receive the shares back is ' +
    'no longer active.',
};

/**
 * Plans the reversal's input against the locked state. The whole-shares setting does not apply
 * (a reversal takes back exactly what was recorded); every other rule does, authorized shares
 * included. A refusal because the shares have since moved reads as LEDGER.REVERSAL_BLOCKED.
 */
export function planReversal(input: OperationInput, state: LedgerState): OperationPlan {
  try {
    return planOperation(input, { ...state, wholeSharesOnly: false });
  } catch (err) {
    const blocked = isLedgerError(err) ? BLOCKED[err.code] : undefined;
    if (!isLedgerError(err) || !blocked) throw err;
    const details = { ...err.details, cause: err.code };
    throw new LedgerError('LEDGER.REVERSAL_BLOCKED', { details, message: blocked(details) });
  }
}
