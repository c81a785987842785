// The cap table's and the stockholder list's paths and cache keys, without zod: the web imports
// them freely (src/contract/cap-table.ts holds the schemas).

export const capTablePaths = {
  capTable: '/api/v1/cap-table',
  stockholderList: '/api/v1/stockholder-list',
  stockholderListCsv: '/api/v1/stockholder-list.csv',
} as const;

/** How many holders the cap table names; the rest are summed as "all others". */
export const TOP_HOLDERS = 10;

export const capTableQueryKeys = {
  capTable: ['cap-table'],
  stockholderList: ['stockholder-list'],
} as const;
