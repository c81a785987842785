import type { CertificateRow, RecordTransactionForm } from '../../../contract/ledger';
import type { operationTypes } from '../../../contract/constants/ledger';
import type { TransactionField } from './refusal-text';

export type OperationType = (typeof operationTypes)[number];

export const needsOrigins = (type: OperationType) => type !== 'New Issue';
export const needsRecipient = (type: OperationType) => type === 'Transfer';

/** Every field empty (Cost included: a field left out would keep what the page shows). */
export const emptyTransaction = (
  today: string,
  type: OperationType = 'New Issue',
): RecordTransactionForm => ({
  Type: type,
  ShareholderId: '',
  DestinationShareholderId: null,
  ShareDate: today,
  Shares: '',
  Cost: '',
  Origin: [],
  Notes: '',
  Reason: '',
  ClassType: 'common',
  Consideration: '',
  ConsiderationCurrency: '',
  ApprovalDate: '',
  ApprovalReference: '',
});

/** The labels the fields' messages name (contract/issue-words.ts). */
export const TRANSACTION_LABELS = {
  Type: 'Type',
  ClassType: 'Share Class',
  ShareholderId: 'From Shareholder',
  DestinationShareholderId: 'To Shareholder',
  Origin: 'Origin Certificates',
  ShareDate: 'Date',
  Shares: 'Shares',
  Cost: 'Cost',
  Reason: 'Reason',
  Notes: 'Notes',
  Consideration: 'Consideration',
  ConsiderationCurrency: 'Currency',
  ApprovalDate: 'Approval date',
  ApprovalReference: 'Approval reference',
} satisfies Record<TransactionField, string>;

/** The From holder's certificates an operation may draw on: a conversion takes common shares. */
export const originChoices = (type: OperationType, rows: CertificateRow[]): CertificateRow[] =>
  type === 'Convert to Preferred' ? rows.filter((c) => c.classType === 'common') : rows;

/** Only what the chosen type uses goes to the server. */
export function transactionBody(f: RecordTransactionForm): RecordTransactionForm {
  return {
    Type: f.Type,
    ShareholderId: f.ShareholderId,
    DestinationShareholderId: needsRecipient(f.Type) ? f.DestinationShareholderId : null,
    ShareDate: f.ShareDate,
    Shares: f.Shares.trim(),
    ...(f.Cost?.trim() ? { Cost: f.Cost.trim() } : {}),
    Origin: needsOrigins(f.Type) ? (f.Origin ?? []) : [],
    ...(f.Notes?.trim() ? { Notes: f.Notes.trim() } : {}),
    // A Cancel without a Reason is explained by its Notes (the server reads it so too).
    ...(f.Type === 'Cancel' && f.Reason?.trim() ? { Reason: f.Reason.trim() } : {}),
    ...(f.Type === 'New Issue' ? { ClassType: f.ClassType } : {}),
    ...considerationBody(f),
  };
}

/** The consideration and approval, each only when given (the currency only with an amount). */
function considerationBody(f: RecordTransactionForm): Partial<RecordTransactionForm> {
  const text = (v: string | undefined) => v?.trim() ?? '';
  const amount = text(f.Consideration);
  const currency = text(f.ConsiderationCurrency).toUpperCase();
  return {
    ...(amount ? { Consideration: amount } : {}),
    ...(currency ? { ConsiderationCurrency: currency } : {}),
    ...(text(f.ApprovalDate) ? { ApprovalDate: text(f.ApprovalDate) } : {}),
    ...(text(f.ApprovalReference) ? { ApprovalReference: text(f.ApprovalReference) } : {}),
  };
}

/** A number of shares with a fraction: "10.5", "0.25" (not "10" nor "10.00"). */
export const hasFraction = (shares: string): boolean => /\.\d*[1-9]/.test(shares.trim());
