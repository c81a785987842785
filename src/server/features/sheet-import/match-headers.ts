import type { SheetImportKind } from '../../../contract/sheet-import';

// The header row read forgivingly: case, spaces, punctuation and underscores do not count, and
// each field answers to the registry's names (the API's and the spec's), the words people use and
// the Open Cap Format's (`quantity`, `share_price`, `stock_class_id`, `custom_id`, ...).

/** The fields of a holders file: the "new shareholder" body, and OCF's first and last names. */
export const holderFields = [
  'Name',
  'FirstName',
  'LastName',
  'Email',
  'HolderType',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'Phone',
  'CellPhone',
  'Notes',
] as const;
export type HolderField = (typeof holderFields)[number];

/** The fields of a transactions file: POST /api/v1/transactions with holders and certificates by name. */
export const transactionFields = [
  'Type',
  'Date',
  'Holder',
  'ToHolder',
  'Class',
  'Shares',
  'Cost',
  'Certificate',
  'Consideration',
  'ConsiderationCurrency',
  'ApprovalDate',
  'ApprovalReference',
  'Notes',
  'Reason',
] as const;
export type TransactionField = (typeof transactionFields)[number];

export type SheetField = HolderField | TransactionField;

/** Each field's other names; the field's own name and its label always match too. */
const HOLDER_ALIASES: Record<HolderField, readonly string[]> = {
  Name: ['full name', 'legal name', 'holder name', 'shareholder name', 'stakeholder name'],
  FirstName: ['first name', 'given name', 'first_name'],
  LastName: ['last name', 'family name', 'surname', 'last_name'],
  Email: ['e-mail', 'email address', 'e-mail address', 'emails', 'primary email', 'mail'],
  HolderType: ['holder type', 'shareholder type', 'stakeholder type', 'type', 'entity type'],
  Address: ['street', 'street address', 'address line 1', 'street_suite', 'address1'],
  City: ['town', 'locality'],
  State: ['province', 'region', 'country_subdivision', 'state/province'],
  ZipCode: ['zip', 'zip code', 'postal code', 'postcode', 'postal_zip_code'],
  Country: ['country code', 'country_code'],
  Phone: ['phone number', 'telephone', 'phone_number', 'tel'],
  CellPhone: ['cell phone', 'cell', 'mobile', 'mobile phone', 'cellphone number'],
  Notes: ['note', 'comments', 'comment', 'comments_list'],
};

const TRANSACTION_ALIASES: Record<TransactionField, readonly string[]> = {
  Type: ['transaction type', 'operation', 'kind', 'object_type'],
  Date: ['share date', 'sharedate', 'transaction date', 'issue date', 'effective date'],
  Holder: [
    'shareholder',
    'stakeholder',
    'holder e-mail',
    'holder email',
    'email',
    'e-mail',
    'holder id',
    'shareholder id',
    'shareholderid',
    'stakeholder_id',
    'from shareholder',
  ],
  ToHolder: [
    'to holder',
    'to shareholder',
    'to e-mail',
    'destination',
    'destination shareholder',
    'destinationshareholderid',
    'recipient',
    'transferee',
    'transferee_stakeholder_id',
  ],
  Class: ['share class', 'class type', 'classtype', 'stock class', 'stock_class_id'],
  Shares: ['quantity', 'number of shares', 'share count', 'shares issued'],
  Cost: ['cost per share', 'price per share', 'share_price', 'price', 'issue price'],
  Certificate: [
    'certificate number',
    'certificate no',
    'certificate #',
    'custom_id',
    'origin',
    'origin certificate',
  ],
  Consideration: ['consideration amount', 'total consideration', 'consideration_text'],
  ConsiderationCurrency: ['currency', 'consideration currency'],
  ApprovalDate: ['approval date', 'board approval date', 'board_approval_date'],
  ApprovalReference: ['approval reference', 'approval', 'reference', 'board resolution'],
  Notes: ['note', 'comments', 'comment', 'comments_list'],
  Reason: ['reason', 'reason_text', 'cancellation reason'],
};

/** The words a person sees for each field (the web form's labels). */
export const fieldLabels: Record<SheetField, string> = {
  Name: 'Name',
  FirstName: 'First name',
  LastName: 'Last name',
  Email: 'E-mail',
  HolderType: 'Holder type',
  Address: 'Address',
  City: 'City',
  State: 'State',
  ZipCode: 'Zip Code',
  Country: 'Country',
  Phone: 'Phone',
  CellPhone: 'Cell Phone',
  Notes: 'Notes',
  Type: 'Type',
  Date: 'Date',
  Holder: 'Holder',
  ToHolder: 'To holder',
  Class: 'Class',
  Shares: 'Shares',
  Cost: 'Cost per share',
  Certificate: 'Certificate',
  Consideration: 'Consideration',
  ConsiderationCurrency: 'Currency',
  ApprovalDate: 'Approval date',
  ApprovalReference: 'Approval reference',
  Reason: 'Reason',
};

/** A header as compared: lower case, accents and everything but letters and digits dropped. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9#]/g, '');

function aliasTable(kind: SheetImportKind): Map<string, SheetField> {
  const aliases: Record<string, readonly string[]> =
    kind === 'holders' ? HOLDER_ALIASES : TRANSACTION_ALIASES;
  const table = new Map<string, SheetField>();
  for (const [field, names] of Object.entries(aliases)) {
    for (const name of [field, fieldLabels[field as SheetField], ...names])
      table.set(headerKey(name), field as SheetField);
  }
  return table;
}

const TABLES = { holders: aliasTable('holders'), transactions: aliasTable('transactions') };

export interface HeaderMatch {
  /** The field of each column, by position; null for a column not read. */
  fields: Array<SheetField | null>;
  /** Headers naming a field another column already names: "Email" and "E-mail". */
  duplicates: Array<{ column: string; field: SheetField }>;
}

/** Each header's field for a file of `kind`: the one header-matching function. */
export function matchHeaders(kind: SheetImportKind, headers: readonly string[]): HeaderMatch {
  const table = TABLES[kind];
  const seen = new Set<SheetField>();
  const duplicates: HeaderMatch['duplicates'] = [];
  const fields = headers.map((header) => {
    const field = table.get(headerKey(header)) ?? null;
    if (field === null) return null;
    if (seen.has(field)) {
      duplicates.push({ column: header, field });
      return null;
    }
    seen.add(field);
    return field;
  });
  return { fields, duplicates };
}

/** The columns a template has, in order: every field but OCF's split names. */
export const templateColumns = (kind: SheetImportKind): readonly SheetField[] =>
  kind === 'holders'
    ? holderFields.filter((f) => f !== 'FirstName' && f !== 'LastName')
    : transactionFields;
