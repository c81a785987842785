import { PageTitle } from '../components/page-title';
import { QueryState } from '../components/query-state';
import { CompanySettingsForm } from '../features/company-settings/company-settings-form';
import { useCompanySettings } from '../features/company-settings/api/use-company-settings';

/** /settings (administrators): the company's settings (issue 25, decision 122). */
export default function SettingsPage() {
  const query = useCompanySettings();
  return (
    <section aria-labelledby="page-title" className="settings-page">
      <PageTitle title="Company Settings" />
      <QueryState query={query} what="the company's settings">
        {(settings) => <CompanySettingsForm settings={settings} />}
      </QueryState>
    </section>
  );
}
