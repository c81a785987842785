// The Open Cap Format package's paths, without zod: the web imports them freely (issue 26,
// decision 126; src/contract/ocf.ts holds the schemas).

export const ocfPaths = {
  /** GET ?asOf=YYYY-MM-DD: the registry as an OCF package (.ocf.zip). */
  export: '/api/v1/ocf/export',
} as const;
