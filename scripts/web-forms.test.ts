// The forms check their input with react-hook-form and the contract's own zod schemas, the ones
// the server validates with, through the one resolver that words their issues: no hand-written
// validation and no restated rules in the web app.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('../src/web/', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );

/** Files with a form that submits what the person typed. */
const forms = sources(web)
  .filter((f) => /<Form\b[^>]*\bonSubmit=/s.test(readFileSync(f, 'utf8')))
  .map((f) => relative(web, f));
/**
 * Forms with nothing to validate: sign-in (any text; the server answers), and the filters of the
 * directory, the company ledger, the certificate register and the audit trail, which apply each
 * change to the address at once (no submit) and are read back from it with the API's own query
 * schema (features/<f>/<f>-address.ts).
 */
const free = [
  'features/audit-trail/audit-screen.tsx',
  'features/certificates/register-filters.tsx',
  'features/company-ledger/ledger-filters.tsx',
  'features/directory/directory-screen.tsx',
  'routes/login-page.tsx',
];
/** Each filter form's address module reads the address with a schema of src/contract. */
const addressModules = [
  'features/audit-trail/audit-address.ts',
  'features/certificates/register-address.ts',
  'features/company-ledger/ledger-address.ts',
  'features/directory/directory-address.ts',
];

describe('the forms', () => {
  it('are the ones the issues name, the API-key form, the filters and sign-in', () => {
    expect(forms.sort()).toEqual([
      'features/api-keys/new-api-key-form.tsx',
      'features/audit-trail/audit-screen.tsx',
      'features/certificates/register-filters.tsx',
      'features/company-ledger/ledger-filters.tsx',
      'features/company-settings/company-settings-form.tsx',
      'features/corrections/reverse-dialog.tsx',
      'features/directory/directory-screen.tsx',
      'features/ocf-import/ocf-import-form.tsx',
      'features/profile/profile-form.tsx',
      'features/shareholders/new-shareholder-form.tsx',
      'features/sheet-import/sheet-import-form.tsx',
      'features/transactions/transaction-form.tsx',
      'routes/forgot-password-page.tsx',
      'routes/login-page.tsx',
      'routes/password-page.tsx',
      'routes/reset-password-page.tsx',
    ]);
  });

  it.each(addressModules)('%s reads the address with a schema from src/contract', (file) => {
    expect(readFileSync(join(web, file), 'utf8')).toMatch(/import \{[^}]*\} from '[./]*contract\//);
  });

  it.each(forms.filter((f) => !free.includes(f)))(
    '%s validates with useForm and a schema from src/contract',
    (file) => {
      const text = readFileSync(join(web, file), 'utf8');
      expect(text).toMatch(/\buseForm\b/);
      // The one resolver of every form (components/form/form-resolver.ts: zodResolver, issues in words).
      const schema = /\bformResolver\((\w+)/.exec(text)?.[1];
      expect(schema, 'formResolver(schema, labels)').toBeDefined();
      const from = new RegExp(`import \\{[^}]*\\b${schema}\\b[^}]*\\} from '[./]*contract/`);
      expect(text).toMatch(from);
    },
  );
});
