import { FormProvider, useForm, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import {
  SHEET_MAX_ROWS,
  sheetImportForm,
  type SheetImportForm,
  type SheetImportKind,
} from '../../../contract/sheet-import';
import { FieldControl } from '../../components/form/field-control';
import { FieldSelect } from '../../components/form/field-select';
import { FormField } from '../../components/form/form-field';
import { formResolver } from '../../components/form/form-resolver';
import { SubmitButton } from '../../components/form/submit-button';
import { templateHref } from './api/use-sheet-import';

const LABELS = { kind: 'What the file holds', file: 'File' } as const;

export const KIND_WORDS: Record<SheetImportKind, string> = {
  holders: 'Holders',
  transactions: 'Opening positions or transactions',
};

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The templates of the chosen kind: the header row the import reads and one example row. */
function TemplateLinks({ kind }: { kind: SheetImportKind }) {
  return (
    <p className="mb-3">
      Template for {KIND_WORDS[kind].toLowerCase()}:{' '}
      <a href={templateHref(kind, 'csv')} download>
        CSV
      </a>{' '}
      ·{' '}
      <a href={templateHref(kind, 'xlsx')} download>
        Excel (XLSX)
      </a>
    </p>
  );
}

/** The import page's form: the kind of rows and the file; its submit previews the file. */
export function SheetImportFormView(props: {
  pending: boolean;
  onPreview: (kind: SheetImportKind, file: File) => void;
  onChange: () => void;
}) {
  const form = useForm<SheetImportForm>({
    resolver: formResolver(sheetImportForm, LABELS),
    defaultValues: { kind: 'holders' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const onValid = (values: SheetImportForm) => {
    const file = (values.file as FileList)[0];
    if (file) props.onPreview(values.kind, file);
  };
  return (
    <FormProvider {...form}>
      <Form
        noValidate
        aria-label="Spreadsheet to import"
        onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      >
        <FormField name="kind" id="import-kind" label={LABELS.kind}>
          <FieldSelect registerOptions={{ onChange: props.onChange }}>
            <option value="holders">{KIND_WORDS.holders}</option>
            <option value="transactions">{KIND_WORDS.transactions}</option>
          </FieldSelect>
        </FormField>
        <TemplateLinks kind={kind} />
        <FormField
          name="file"
          id="import-file"
          label={LABELS.file}
          description={`A CSV (UTF-8) or an Excel workbook (.xlsx, its first sheet): a header row, then at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows. Transactions name holders already in the registry, by e-mail or id.`}
        >
          <FieldControl
            type="file"
            accept={ACCEPT}
            registerOptions={{ onChange: props.onChange }}
          />
        </FormField>
        <SubmitButton pending={props.pending} pendingLabel="Reading the file…">
          Preview
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}
