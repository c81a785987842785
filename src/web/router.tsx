import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { webRoutes } from '../contract/web-routes';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteGuard, type PageAccess } from './features/auth/route-guard';

// One lazily loaded module per page, so each screen downloads only its own code.
const LoginPage = lazy(() => import('./routes/login-page'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback-page'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'));
const HomePage = lazy(() => import('./routes/home-page'));
const ViewPage = lazy(() => import('./routes/view-page'));
const ProfilePage = lazy(() => import('./routes/profile-page'));
const TransactionPage = lazy(() => import('./routes/transaction-page'));
const PasswordPage = lazy(() => import('./routes/password-page'));
const NoAccountPage = lazy(() => import('./routes/no-account-page'));
const ApiKeysPage = lazy(() => import('./routes/api-keys-page'));
const ImportSalesforcePage = lazy(() => import('./routes/import-salesforce-page'));

/** Every route of the spec's route table, with who may see it. */
const pages: Array<{ path: string; access: PageAccess; Page: ComponentType }> = [
  { path: webRoutes.login, access: 'public', Page: LoginPage },
  { path: webRoutes.authCallback, access: 'public', Page: AuthCallbackPage },
  { path: webRoutes.forgotPassword, access: 'public', Page: ForgotPasswordPage },
  { path: webRoutes.resetPassword, access: 'public', Page: ResetPasswordPage },
  { path: webRoutes.home, access: 'shareholder', Page: HomePage },
  { path: webRoutes.view, access: 'shareholder', Page: ViewPage },
  { path: webRoutes.profile, access: 'shareholder', Page: ProfilePage },
  { path: webRoutes.transaction, access: 'administrator', Page: TransactionPage },
  { path: webRoutes.password, access: 'signed-in', Page: PasswordPage },
  { path: webRoutes.noAccount, access: 'signed-in', Page: NoAccountPage },
  { path: webRoutes.apiKeys, access: 'administrator', Page: ApiKeysPage },
  { path: webRoutes.importSalesforce, access: 'administrator', Page: ImportSalesforcePage },
];

/** Created by main.tsx once the reset token has left the address (the router reads it). */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        ...pages.map(({ path, access, Page }) => ({
          path,
          element: (
            <RouteGuard access={access}>
              <Page />
            </RouteGuard>
          ),
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
