import type { z } from 'zod';
import { asSentence, issueWordsFor } from '../../../contract/issue-words';
import type { SheetImportError } from '../../../contract/sheet-import';
import { newShareholderBody, type NewShareholder } from '../../../contract/shareholders';
import { fieldLabels, type HolderField } from './match-headers';
import { columnOf, type Columns, type RowValues } from './row-values';

// A holders file's row as the "new shareholder" body (POST /api/v1/shareholders), checked by the
// same schema, its issues worded by the same map as the web form's.

/** The body's field for each column's field (OCF's first and last names make the Name). */
const BODY_FIELD: Record<Exclude<HolderField, 'FirstName' | 'LastName'>, keyof NewShareholder> = {
  Name: 'Name',
  Email: 'Email',
  HolderType: 'HolderType',
  Address: 'Address',
  City: 'City',
  State: 'State',
  ZipCode: 'ZipCode',
  Country: 'Country',
  Phone: 'Phone',
  CellPhone: 'CellPhone',
  Notes: 'Notes',
};

const ENTITY =
  /^(entity|institution|company|corporation|corp|organi[sz]ation|trust|llc|fund|partnership)$/;
const INDIVIDUAL = /^(individual|person|natural person|human)$/;

/** OCF's INDIVIDUAL and INSTITUTION, and the words people use, as the registry's holder types. */
export function holderTypeOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (INDIVIDUAL.test(word)) return 'individual';
  if (ENTITY.test(word)) return 'entity';
  return text;
}

/** The field of the file that a body field was read from. */
function sourceOf(columns: Columns, key: keyof NewShareholder): HolderField {
  if (key === 'Name' && !columns.fields.includes('Name'))
    return columns.fields.includes('FirstName') ? 'FirstName' : 'LastName';
  return (Object.entries(BODY_FIELD).find(([, k]) => k === key)?.[0] ?? 'Name') as HolderField;
}

export type HolderRow = { body: NewShareholder } | { errors: SheetImportError[] };

export function readHolderRow(columns: Columns, { row, values }: RowValues): HolderRow {
  const name = values.Name ?? [values.FirstName, values.LastName].filter(Boolean).join(' ').trim();
  const input: Record<string, unknown> = { Name: name };
  for (const [field, key] of Object.entries(BODY_FIELD)) {
    const text = values[field as HolderField];
    if (field !== 'Name' && text !== undefined) input[key] = text;
  }
  input.HolderType = holderTypeOf(values.HolderType);
  if (input.HolderType === undefined) delete input.HolderType;
  const labels = Object.fromEntries(
    Object.values(BODY_FIELD).map((key) => [key, fieldLabels[sourceOf(columns, key)]]),
  );
  const parsed = newShareholderBody.safeParse(input, {
    error: issueWordsFor(labels),
  });
  if (parsed.success) return { body: parsed.data };
  return {
    errors: issuesAsErrors(parsed.error.issues, row, (key) => {
      const field = sourceOf(columns, key as keyof NewShareholder);
      return { column: columnOf(columns, field), label: fieldLabels[field] };
    }),
  };
}

/** Each issue as a row's error: its column as the file names it, its words a sentence. */
export function issuesAsErrors(
  issues: z.core.$ZodIssue[],
  row: number,
  where: (key: string) => { column: string; label: string },
): SheetImportError[] {
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    const key = String(issue.path[0] ?? '');
    if (seen.has(key)) return [];
    seen.add(key);
    const { column, label } = where(key);
    return [{ row, column, message: asSentence(issue.message, label) }];
  });
}
