import type { Db } from '../../db/database';

/** What every report's export reads: whose, as of when, in batches of how many rows. */
export interface ExportContext {
  db: Db;
  organizationId: string;
  /** YYYY-MM-DD, not after the company's today. */
  asOf: string;
  /** `asOf` is the company's today: the kept figures hold. */
  current: boolean;
  /** Rows per statement (EXPORT_BATCH; a test makes it small). */
  batchSize: number;
}
