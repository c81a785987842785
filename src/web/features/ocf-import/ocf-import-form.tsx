import { FormProvider, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { ocfImportForm, type OcfImportForm as UploadForm } from '../../../contract/ocf-import';
import { FieldControl } from '../../components/form/field-control';
import { FormField } from '../../components/form/form-field';
import { formResolver } from '../../components/form/form-resolver';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-client';

/** The package's files; submitting runs the dry run (the parent keeps the files for the commit). */
export function OcfImportForm(props: {
  onDryRun: (files: File[]) => Promise<unknown>;
  pending: boolean;
}) {
  const form = useForm<UploadForm>({ resolver: formResolver(ocfImportForm, { files: 'Package' }) });
  const submit = form.handleSubmit(async ({ files }) => {
    try {
      await props.onDryRun(Array.from(files));
    } catch (e) {
      if (e instanceof ApiError && e.field === 'file')
        form.setError('files', { message: e.message });
      else form.setError('root', { message: e instanceof Error ? e.message : String(e) });
    }
  });
  const { errors } = form.formState;
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label="OCF package">
        <FormField
          name="files"
          id="ocf-files"
          label="Package"
          errorRole="alert"
          description="An .ocf.zip, or every .ocf.json file of the package (Manifest, Stakeholders, StockClasses, Transactions, …)."
        >
          <FieldControl type="file" multiple accept=".zip,.json,application/zip,application/json" />
        </FormField>
        {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
        <SubmitButton pending={props.pending} pendingLabel="Reading the package…">
          Dry run
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}
