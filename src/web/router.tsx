import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { webRoutes } from '../contract/web-routes';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteGuard, type PageAccess } from './features/auth/route-guard';

type RouteName = keyof typeof webRoutes;

/**
 * Every route of the spec's route table (contract/web-routes.ts): who may see it, and its page,
 * loaded when it is first shown so each screen downloads only its own code.
 */
const routes: Record<RouteName, { access: PageAccess; Page: ReturnType<typeof lazy> }> = {
  login: { access: 'public', Page: lazy(() => import('./routes/login-page')) },
  authCallback: { access: 'public', Page: lazy(() => import('./routes/auth-callback-page')) },
  forgotPassword: { access: 'public', Page: lazy(() => import('./routes/forgot-password-page')) },
  resetPassword: { access: 'public', Page: lazy(() => import('./routes/reset-password-page')) },
  home: { access: 'shareholder', Page: lazy(() => import('./routes/home-page')) },
  view: { access: 'shareholder', Page: lazy(() => import('./routes/view-page')) },
  profile: { access: 'shareholder', Page: lazy(() => import('./routes/profile-page')) },
  transaction: { access: 'administrator', Page: lazy(() => import('./routes/transaction-page')) },
  newShareholder: {
    access: 'administrator',
    Page: lazy(() => import('./routes/new-shareholder-page')),
  },
  password: { access: 'signed-in', Page: lazy(() => import('./routes/password-page')) },
  noAccount: { access: 'signed-in', Page: lazy(() => import('./routes/no-account-page')) },
  apiKeys: { access: 'administrator', Page: lazy(() => import('./routes/api-keys-page')) },
  importSalesforce: {
    access: 'administrator',
    Page: lazy(() => import('./routes/import-salesforce-page')),
  },
  importOcf: { access: 'administrator', Page: lazy(() => import('./routes/import-ocf-page')) },
  importSheet: { access: 'administrator', Page: lazy(() => import('./routes/import-sheet-page')) },
  ledger: { access: 'reader', Page: lazy(() => import('./routes/ledger-page')) },
  audit: { access: 'reader', Page: lazy(() => import('./routes/audit-page')) },
  certificates: { access: 'reader', Page: lazy(() => import('./routes/certificates-page')) },
  // A holder may open their own certificate (the API answers 404 for anyone else's).
  certificate: { access: 'shareholder', Page: lazy(() => import('./routes/certificate-page')) },
  capTable: { access: 'reader', Page: lazy(() => import('./routes/cap-table-page')) },
  stockholderList: {
    access: 'reader',
    Page: lazy(() => import('./routes/stockholder-list-page')),
  },
  settings: { access: 'administrator', Page: lazy(() => import('./routes/settings-page')) },
};

/** Created by main.tsx once the reset token has left the address (the router reads it). */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        ...(Object.keys(webRoutes) as RouteName[]).map((name) => {
          const { access, Page } = routes[name];
          return {
            path: webRoutes[name],
            element: (
              <RouteGuard access={access}>
                <Page />
              </RouteGuard>
            ),
          };
        }),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
