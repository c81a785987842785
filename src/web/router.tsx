import { createBrowserRouter } from 'react-router';
import { webRoutes } from '../contract/web-routes';
import { AppLayout } from './components/app-layout';
import { NotAvailableYet } from './components/not-available-yet';
import { NotFoundPage } from './components/not-found-page';

/** Every route of the spec's route table; each page arrives with the issue that builds it. */
const pages: Array<{ path: string; title: string }> = [
  { path: webRoutes.login, title: 'Log In' },
  { path: webRoutes.authCallback, title: 'Signing you in' },
  { path: webRoutes.forgotPassword, title: 'Forgot Password' },
  { path: webRoutes.resetPassword, title: 'Reset Password' },
  { path: webRoutes.home, title: 'Home' },
  { path: webRoutes.view, title: 'Balance' },
  { path: webRoutes.profile, title: 'Profile' },
  { path: webRoutes.transaction, title: 'Manage Shares' },
  { path: webRoutes.password, title: 'Change Password' },
  { path: webRoutes.noAccount, title: 'No Account' },
];

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      ...pages.map((p) => ({ path: p.path, element: <NotAvailableYet title={p.title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
