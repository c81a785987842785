/** The web app's pages (the spec's route table). The server serves index.html for these only. */
export const webRoutes = {
  login: '/login',
  authCallback: '/auth/callback',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  home: '/',
  view: '/view',
  profile: '/profile',
  transaction: '/transaction',
  newShareholder: '/shareholders/new',
  password: '/password',
  noAccount: '/noaccount',
  apiKeys: '/api-keys',
  importSalesforce: '/import/salesforce',
  importOcf: '/import/ocf',
  importSheet: '/import/spreadsheet',
  ledger: '/ledger',
  audit: '/audit',
  certificates: '/certificates',
  certificate: '/certificates/:id',
  capTable: '/cap-table',
  stockholderList: '/stockholder-list',
  settings: '/settings',
} as const;

export type WebRoute = (typeof webRoutes)[keyof typeof webRoutes];

export const webRoutePaths: readonly string[] = Object.values(webRoutes);

/** Each route as a pattern: a `:param` segment stands for any one segment. */
const routePatterns = webRoutePaths.map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
);

/** Whether a path is one of the app's pages ("/certificates/<id>" is "/certificates/:id"). */
export const isWebRoutePath = (pathname: string): boolean =>
  routePatterns.some((pattern) => pattern.test(pathname));

/** Reachable without signing in (spec section 6). */
export const publicWebRoutes: readonly string[] = [
  webRoutes.login,
  webRoutes.authCallback,
  webRoutes.forgotPassword,
  webRoutes.resetPassword,
];
