import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { webRoutes } from '../contract/web-routes';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteGuard, type PageAccess } from './features/auth/route-guard';

// One lazily loaded module per page, so each screen downloads only its own code.
const pageModules = import.meta.glob<{ default: ComponentType }>('./routes/*-page.tsx');

type RouteName = keyof typeof webRoutes;

/** Who may see each route of the spec's route table (contract/web-routes.ts). */
const pageAccess: Record<RouteName, PageAccess> = {
  login: 'public',
  authCallback: 'public',
  forgotPassword: 'public',
  resetPassword: 'public',
  home: 'shareholder',
  view: 'shareholder',
  profile: 'shareholder',
  transaction: 'administrator',
  password: 'signed-in',
  noAccount: 'signed-in',
  apiKeys: 'administrator',
  importSalesforce: 'administrator',
};

/** A route's page is routes/<its name in kebab case>-page.tsx, loaded when it is first shown. */
function lazyPage(route: RouteName) {
  const file = `./routes/${route.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-page.tsx`;
  const load = pageModules[file];
  if (!load) throw new Error(`No page ${file} for the route ${route}`);
  return lazy(load);
}

const pages = (Object.keys(webRoutes) as RouteName[]).map((route) => ({
  path: webRoutes[route],
  access: pageAccess[route],
  Page: lazyPage(route),
}));

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
