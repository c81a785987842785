import { z } from 'zod';
import { isoDate } from './common';

// The Open Cap Format export (GET /api/v1/ocf/export, issue 26, decision 126).

export { ocfPaths } from './constants/ocf';

/** ?asOf=YYYY-MM-DD: the company's today when left out; a later date is refused (400). */
export const ocfExportQuery = z.object({ asOf: isoDate.optional() });
