import { sql } from 'drizzle-orm';
import { rows } from '../../db/sql';
import { amountText, toHundredths } from '../../ledger-store/amounts';
import type { ExportContext } from './export-context';
import type { ExportRow, ExportTable } from './export-table';
import { holderBatches } from './holder-batches';

interface ClassSql {
  name: string;
  class_type: 'common' | 'preferred';
}

/**
 * The stockholder list of DGCL §219 (decision 121) as an export: every holder of record on the
 * date, by class (common, then preferred), alphabetically within a class, with their address
 * and their shares of the class; one pass over the holders per class, in batches.
 */
export async function stockholderListExport(c: ExportContext): Promise<ExportTable> {
  const classes = await rows<ClassSql>(
    c.db,
    sql`select name, class_type from share_class
         where organization_id = ${c.organizationId} order by class_type`,
  );
  return {
    sheet: 'Stockholder list',
    columns: [
      { header: 'Class', kind: 'text', width: 22 },
      { header: 'Name', kind: 'text', width: 36 },
      { header: 'Address', kind: 'text', width: 36 },
      { header: 'City', kind: 'text', width: 18 },
      { header: 'State', kind: 'text', width: 10 },
      { header: 'Postal code', kind: 'text', width: 12 },
      { header: 'Country', kind: 'text', width: 10 },
      { header: 'Shares', kind: 'shares', width: 16 },
    ],
    async *batches() {
      for (const cls of classes) {
        for await (const batch of holderBatches(c.db, { ...c, size: c.batchSize })) {
          const found: ExportRow[] = [];
          for (const h of batch) {
            const shares = h[cls.class_type];
            if (toHundredths(shares) <= 0n) continue;
            found.push({
              cells: [
                cls.name,
                h.name,
                h.address,
                h.city,
                h.state,
                h.zip_code,
                h.country,
                amountText(shares),
              ],
            });
          }
          yield found;
        }
      }
    },
  };
}
