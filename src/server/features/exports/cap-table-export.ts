import { sql, type SQL } from 'drizzle-orm';
import { formatAmount, percentOf } from '../../../ledger';
import { rows } from '../../db/sql';
import { toHundredths } from '../../ledger-store/amounts';
import type { ExportContext } from './export-context';
import type { Cell, ExportRow, ExportTable } from './export-table';
import { holderBatches } from './holder-batches';

interface ClassSql {
  name: string;
  class_type: 'common' | 'preferred';
}

interface TotalsSql {
  common: string;
  preferred: string;
}

/** The company's shares of each class on the date: the holders' kept figures today, else summed. */
const totalsSql = (c: ExportContext): SQL =>
  c.current
    ? sql`select coalesce(sum(common_shares), 0)::text as common,
                 coalesce(sum(preferred_shares), 0)::text as preferred
            from shareholder where organization_id = ${c.organizationId}`
    : sql`select coalesce(sum(t.shares) filter (where not t.preferred), 0)::text as common,
                 coalesce(sum(t.shares) filter (where t.preferred), 0)::text as preferred
            from share_transaction t join shareholder h on h.id = t.holder_id
           where h.organization_id = ${c.organizationId} and t.date <= ${c.asOf}`;

interface Whole {
  common: bigint;
  preferred: bigint;
}

/** A row of shares of each class with each one's percent of the class and of all shares. */
function holdingCells(label: string, held: Whole, whole: Whole): Cell[] {
  const all = whole.common + whole.preferred;
  return [
    label,
    formatAmount(held.common),
    percentOf(held.common, whole.common),
    formatAmount(held.preferred),
    percentOf(held.preferred, whole.preferred),
    formatAmount(held.common + held.preferred),
    percentOf(held.common + held.preferred, all),
  ];
}

/**
 * The cap table of the date (decision 121's figures for every holder, not only the top ones):
 * each holder of record, in the directory's order, with their shares of each class, its percent
 * of the class, their total and their percent of all shares outstanding; then a totals row per
 * class and one for all shares. The totals are read first, so each row's percent is known as it
 * is written.
 */
export async function capTableExport(c: ExportContext): Promise<ExportTable> {
  const [classes, [totals]] = await Promise.all([
    rows<ClassSql>(
      c.db,
      sql`select name, class_type from share_class
           where organization_id = ${c.organizationId} order by class_type`,
    ),
    rows<TotalsSql>(c.db, totalsSql(c)),
  ]);
  const whole = {
    common: toHundredths(totals?.common),
    preferred: toHundredths(totals?.preferred),
  };
  const nameOf = (type: ClassSql['class_type'], fallback: string) =>
    classes.find((cls) => cls.class_type === type)?.name ?? fallback;
  const common = nameOf('common', 'Common');
  const preferred = nameOf('preferred', 'Preferred');
  return {
    sheet: 'Cap table',
    columns: [
      { header: 'Holder', kind: 'text', width: 36 },
      { header: `${common} shares`, kind: 'shares', width: 18 },
      { header: `${common} %`, kind: 'percent', width: 12 },
      { header: `${preferred} shares`, kind: 'shares', width: 18 },
      { header: `${preferred} %`, kind: 'percent', width: 12 },
      { header: 'Total shares', kind: 'shares', width: 18 },
      { header: 'Ownership %', kind: 'percent', width: 12 },
    ],
    async *batches() {
      let holders = 0;
      for await (const batch of holderBatches(c.db, { ...c, size: c.batchSize })) {
        const found: ExportRow[] = [];
        for (const h of batch) {
          const held = { common: toHundredths(h.common), preferred: toHundredths(h.preferred) };
          // Holders of record: with shares of a class on the date (the stockholder list's rule).
          if (held.common <= 0n && held.preferred <= 0n) continue;
          holders += 1;
          found.push({ cells: holdingCells(h.name, held, whole) });
        }
        yield found;
      }
      yield [
        { cells: holdingCells(`Total ${common}`, { ...whole, preferred: 0n }, whole), total: true },
        {
          cells: holdingCells(`Total ${preferred}`, { ...whole, common: 0n }, whole),
          total: true,
        },
        { cells: holdingCells(`Total (${holders} holders)`, whole, whole), total: true },
      ];
    },
  };
}
