import type { z } from 'zod';
import { issueWordsFor } from '../../../contract/issue-words';
import { recordTransactionForm } from '../../../contract/ledger';
import type { SheetImportError } from '../../../contract/sheet-import';
import { fieldLabels, type TransactionField } from './match-headers';
import { issuesAsErrors } from './holder-row';
import { columnOf, type Columns, type RowValues } from './row-values';

// A transactions file's row as the body of POST /api/v1/transactions, checked by the entry form's
// schema (the request body with the form's readings: "1,000", "$1.50") and worded by the same map.
// Holders are named by e-mail or id and must exist (or come from an earlier holders import);
// certificates by number, looked up when the row is posted (an earlier row may issue them).

export type TransactionForm = z.output<typeof recordTransactionForm>;

/** The form's field for each of the file's fields. */
const FORM_FIELD: Record<TransactionField, keyof TransactionForm> = {
  Type: 'Type',
  Date: 'ShareDate',
  Holder: 'ShareholderId',
  ToHolder: 'DestinationShareholderId',
  Class: 'ClassType',
  Shares: 'Shares',
  Cost: 'Cost',
  Certificate: 'Origin',
  Consideration: 'Consideration',
  ConsiderationCurrency: 'ConsiderationCurrency',
  ApprovalDate: 'ApprovalDate',
  ApprovalReference: 'ApprovalReference',
  Notes: 'Notes',
  Reason: 'Reason',
};
const FIELD_OF = Object.fromEntries(
  Object.entries(FORM_FIELD).map(([field, key]) => [key, field]),
) as Record<string, TransactionField>;

const TYPES: Array<[RegExp, string]> = [
  [/^(new ?issue|issue|issued|issuance|new)$/, 'New Issue'],
  [/^(transfer|transferred)$/, 'Transfer'],
  [/^(convert( to preferred)?|conversion|converted to preferred)$/, 'Convert to Preferred'],
  [/^(cancel|cancell?ation|cancell?ed)$/, 'Cancel'],
];

/** The entry form's type for what a file says ("issuance", "Cancelled"); New Issue when empty. */
export function operationTypeOf(text: string | undefined): string {
  if (text === undefined) return 'New Issue';
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return TYPES.find(([pattern]) => pattern.test(word))?.[1] ?? text;
}

/** Common or preferred from a class's name ("Common Stock", "Series A Preferred", "CS"). */
export function classTypeOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (/^(cs|common|ordinary)\b|common/.test(word)) return 'common';
  if (/^(ps|pref)\b|prefer/.test(word)) return 'preferred';
  return text;
}

export interface HolderRef {
  id: string;
  name: string;
}

/** The holders of the importing company, by id and by e-mail (lower case). */
export interface HolderLookup {
  byId: ReadonlyMap<string, HolderRef>;
  byEmail: ReadonlyMap<string, HolderRef>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function findHolder(lookup: HolderLookup, text: string): HolderRef | string {
  const key = text.trim().toLowerCase();
  const found = UUID.test(key) ? lookup.byId.get(key) : lookup.byEmail.get(key);
  if (found) return found;
  return UUID.test(key)
    ? `no shareholder of this company has the id ${text}.`
    : `no shareholder of this company has the e-mail ${text}: a transaction names a holder ` +
        'already in the registry (import the holders first, then the transactions).';
}

export interface TransactionRow {
  form: TransactionForm;
  holder: HolderRef;
  toHolder: HolderRef | null;
  /** The origin certificate's number as the file writes it ("CS-12", "12"). */
  certificate: string | null;
}

const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

export function readTransactionRow(
  columns: Columns,
  { row, values }: RowValues,
  lookup: HolderLookup,
): TransactionRow | { errors: SheetImportError[] } {
  const errors: SheetImportError[] = [];
  const refer = (field: 'Holder' | 'ToHolder') => {
    const text = values[field];
    if (text === undefined) return null;
    const found = findHolder(lookup, text);
    if (typeof found === 'string')
      errors.push({ row, column: columnOf(columns, field), message: found });
    return typeof found === 'string' ? null : found;
  };
  const holder = refer('Holder');
  const toHolder = refer('ToHolder');
  const type = operationTypeOf(values.Type);
  const input = {
    ...Object.fromEntries(
      Object.entries(values).map(([field, text]) => [FORM_FIELD[field as TransactionField], text]),
    ),
    Type: type,
    ShareholderId: holder?.id ?? (values.Holder ? PLACEHOLDER : ''),
    DestinationShareholderId: toHolder?.id ?? (values.ToHolder ? PLACEHOLDER : undefined),
    Origin: values.Certificate ? [PLACEHOLDER] : [],
    ClassType: type === 'New Issue' ? classTypeOf(values.Class) : undefined,
    Shares: values.Shares ?? '',
  };
  const labels = Object.fromEntries(
    Object.entries(FORM_FIELD).map(([field, key]) => [key, fieldLabels[field as TransactionField]]),
  );
  const parsed = recordTransactionForm.safeParse(input, { error: issueWordsFor(labels) });
  if (!parsed.success)
    errors.push(
      ...issuesAsErrors(parsed.error.issues, row, (key) => {
        const field = FIELD_OF[key] ?? 'Type';
        return { column: columnOf(columns, field), label: fieldLabels[field] };
      }),
    );
  if (errors.length > 0 || !parsed.success || !holder) return { errors };
  return { form: parsed.data, holder, toHolder, certificate: values.Certificate ?? null };
}
