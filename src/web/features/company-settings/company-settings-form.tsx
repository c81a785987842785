import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import {
  companySettingsBody,
  type CompanySettings,
  type CompanySettingsBody,
} from '../../../contract/corrections';
import { CheckField } from '../../components/form/check-field';
import { FieldControl } from '../../components/form/field-control';
import { FormField } from '../../components/form/form-field';
import { FormMessage } from '../../components/form/form-message';
import { formResolver } from '../../components/form/form-resolver';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-client';
import { INFORMATION_NOT_SAVED, INFORMATION_SAVED } from '../../lib/save-messages';
import { useSaveCompanySettings } from './api/use-company-settings';

const LABELS = { wholeSharesOnly: 'Whole shares only', certificateLegend: 'Certificate legend' };

/** The company's settings (issue 25): whole shares only and the certificates' legend. */
export function CompanySettingsForm({ settings }: { settings: CompanySettings }) {
  const save = useSaveCompanySettings();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const form = useForm<CompanySettingsBody>({
    resolver: formResolver(companySettingsBody, LABELS),
    defaultValues: settings,
  });
  const submit = form.handleSubmit(async (body) => {
    setOutcome(null);
    try {
      form.reset(await save.mutateAsync(body));
      setOutcome('saved');
    } catch (e) {
      // A refusal that names a field is shown under it.
      if (
        e instanceof ApiError &&
        (e.field === 'wholeSharesOnly' || e.field === 'certificateLegend')
      )
        form.setError(e.field, { message: e.message });
      setOutcome('failed');
    }
  });
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label="Company settings">
        <FormMessage news={outcome}>
          {outcome && (
            <Alert variant={outcome === 'saved' ? 'success' : 'danger'}>
              {outcome === 'saved' ? INFORMATION_SAVED : INFORMATION_NOT_SAVED}
            </Alert>
          )}
        </FormMessage>
        <CheckField
          switch
          name="wholeSharesOnly"
          id="settings-whole-shares"
          label={LABELS.wholeSharesOnly}
          description="When on, a transaction with a fraction of a share (such as 10.5) is refused, in Manage Shares and through the API alike."
        />
        <FormField
          name="certificateLegend"
          id="settings-legend"
          label={LABELS.certificateLegend}
          description="The restrictive legend printed on the company's certificates (at most 2,000 characters)."
        >
          <FieldControl as="textarea" rows={5} maxLength={2000} />
        </FormField>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}
