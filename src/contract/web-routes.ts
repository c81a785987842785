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
  settings: '/settings',
} as const;

export type WebRoute = (typeof webRoutes)[keyof typeof webRoutes];

export const webRoutePaths: readonly string[] = Object.values(webRoutes);

/** Reachable without signing in (spec section 6). */
export const publicWebRoutes: readonly string[] = [
  webRoutes.login,
  webRoutes.authCallback,
  webRoutes.forgotPassword,
  webRoutes.resetPassword,
];
