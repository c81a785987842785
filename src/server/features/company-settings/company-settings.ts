import { sql } from 'drizzle-orm';
import type { CompanySettings } from '../../../contract/corrections';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';

interface SettingsRow {
  whole_shares_only: boolean;
  certificate_legend: string;
}

const settingsOf = (row: SettingsRow | undefined): CompanySettings => ({
  wholeSharesOnly: row?.whole_shares_only === true,
  certificateLegend: row?.certificate_legend ?? '',
});

/** GET /api/v1/company/settings: the company's whole-shares rule and certificate legend. */
export async function readCompanySettings(
  db: Db,
  organizationId: string,
): Promise<CompanySettings> {
  const [row] = await rows<SettingsRow>(
    db,
    sql`select whole_shares_only, certificate_legend from organization where id = ${organizationId}`,
  );
  return settingsOf(row);
}

/**
 * PUT /api/v1/company/settings (administrator): both settings at once, with an audit entry of
 * what they were and are. The organization's row is locked, so two changes audit in order.
 */
export async function saveCompanySettings(
  db: Db,
  caller: CompanyCaller,
  opts: { settings: CompanySettings; requestId: string },
): Promise<CompanySettings> {
  const org = caller.organizationId;
  const { wholeSharesOnly, certificateLegend } = opts.settings;
  return db.transaction(async (tx) => {
    const [current] = await rows<SettingsRow>(
      tx,
      sql`select whole_shares_only, certificate_legend from organization
           where id = ${org} for update`,
    );
    const before = settingsOf(current);
    await tx.execute(
      sql`update organization
             set whole_shares_only = ${wholeSharesOnly}, certificate_legend = ${certificateLegend}
           where id = ${org}`,
    );
    const after = { wholeSharesOnly, certificateLegend };
    await tx.execute(
      sql`insert into audit_entry
            (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
             request_id, before, after)
          values (${org}, ${caller.userId}, ${caller.holderId}, 'company.settings_set',
                  'organization', ${org}, ${opts.requestId},
                  ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
    return after;
  });
}
