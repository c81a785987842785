import type { CertificateRow } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatShares } from '../../lib/format';

/** The form field a server error names: the ledger's names and the request body's. */
const FIELD_OF: Record<string, TransactionField> = {
  holderId: 'ShareholderId',
  ShareholderId: 'ShareholderId',
  toHolderId: 'DestinationShareholderId',
  DestinationShareholderId: 'DestinationShareholderId',
  date: 'ShareDate',
  ShareDate: 'ShareDate',
  shares: 'Shares',
  Shares: 'Shares',
  cost: 'Cost',
  Cost: 'Cost',
  type: 'Type',
  Type: 'Type',
  classType: 'ClassType',
  ClassType: 'ClassType',
  origins: 'Origin',
  Origin: 'Origin',
  Notes: 'Notes',
  reason: 'Reason',
  Reason: 'Reason',
  Consideration: 'Consideration',
  ConsiderationCurrency: 'ConsiderationCurrency',
  ApprovalDate: 'ApprovalDate',
  ApprovalReference: 'ApprovalReference',
};

export type TransactionField =
  | 'ShareholderId'
  | 'DestinationShareholderId'
  | 'ShareDate'
  | 'Shares'
  | 'Cost'
  | 'Type'
  | 'ClassType'
  | 'Origin'
  | 'Notes'
  | 'Reason'
  | 'Consideration'
  | 'ConsiderationCurrency'
  | 'ApprovalDate'
  | 'ApprovalReference';

export interface Refusal {
  /** The field to put the message next to; undefined for a refusal of the whole request. */
  field: TransactionField | undefined;
  message: string;
  /** Whether the person can fix it (a ledger rule, a bad value), or must ask for help. */
  fixable: boolean;
}

/**
 * What to tell the person about a refused transaction, with the figures the server sent: how
 * many shares the chosen certificates hold, the earliest allowed date, which certificate.
 */
export function refusalOf(error: unknown, certificates: readonly CertificateRow[]): Refusal {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
    return {
      field: undefined,
      message: error instanceof Error ? error.message : '',
      fixable: false,
    };
  }
  const field = error.field ? FIELD_OF[error.field.split('.')[0]!] : undefined;
  const d = (error.details ?? {}) as Record<string, string | undefined>;
  const certificate = certificates.find((c) => c.id === d.certificateId)?.certificate;
  const extra = [
    d.available !== undefined && d.requested !== undefined
      ? `The chosen certificates hold ${formatShares(d.available)} shares; you asked for ${formatShares(d.requested)}.`
      : '',
    d.effectiveDate ? `The earliest allowed date is ${formatDate(d.effectiveDate)}.` : '',
    d.today ? `Today is ${formatDate(d.today)}.` : '',
    certificate && !d.effectiveDate ? `Certificate ${certificate}.` : '',
  ].filter(Boolean);
  return { field, message: [error.message, ...extra].join(' '), fixable: true };
}
