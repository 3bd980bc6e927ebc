import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { FullScreenSpinner } from '../components/ui/Spinner.tsx';
import { uiText } from '../components/ui/strings.ts';
import { RequireAdmin, RequireAuth } from '../features/accounts/guards.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';

type Page = ComponentType & { preload(): Promise<void> };

/**
 * Route-level code splitting: each page's code is fetched when its route is first shown; until it
 * arrives the nearest Suspense (the layout's) shows a spinner where the page will be. A page whose
 * code has arrived renders at once, without suspending: React shows content that replaces a
 * spinner no sooner than 300 ms after the spinner appeared, so the first page of a visit, whose
 * chunks came with index.html, is loaded before React first renders (`preloadPages`).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  let loaded: ComponentType | undefined;
  const fetchPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchPage);
  const Page: Page = Object.assign(
    function Page() {
      const Loaded = loaded;
      return Loaded ? <Loaded /> : <Lazy />;
    },
    { preload: () => fetchPage().then(() => undefined) },
  );
  return <Page />;
};

/** Every route of SPEC §2 (plus /parts, PRODUCT §4). */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: page(() => import('./routes/HomeRoute.tsx')) },
      { path: 'parts', element: page(() => import('../features/catalog/pages/PartsPage.tsx')) },
      {
        path: 'parts/:partNumber',
        element: page(() => import('../features/catalog/pages/PartPage.tsx')),
      },
      {
        path: 'categories/:slug',
        element: page(() => import('../features/catalog/pages/CategoryPage.tsx')),
      },
      {
        path: 'brands/:brand',
        element: page(() => import('../features/catalog/pages/BrandPage.tsx')),
      },
      { path: 'cart', element: page(() => import('../features/cart/pages/CartPage.tsx')) },
      { path: 'Blogs', element: page(() => import('../features/content/pages/BlogsPage.tsx')) },
      {
        path: 'myportfolio',
        element: page(() => import('../features/content/pages/PortfolioPage.tsx')),
      },
      { path: 'login', element: page(() => import('../features/accounts/pages/LoginPage.tsx')) },
      {
        path: 'register',
        element: page(() => import('../features/accounts/pages/RegisterPage.tsx')),
      },
      // The pages e-mailed links open, and the end of a Google sign-in (issue 3).
      {
        path: 'reset-password',
        element: page(() => import('../features/accounts/pages/ResetPasswordPage.tsx')),
      },
      {
        path: 'verify-email',
        element: page(() => import('../features/accounts/pages/VerifyEmailPage.tsx')),
      },
      {
        path: 'newsletter/confirm',
        element: page(() => import('../features/newsletter/pages/ConfirmSubscriptionPage.tsx')),
      },
      {
        path: 'auth/complete',
        element: page(() => import('../features/accounts/pages/GoogleCompletePage.tsx')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'purchase/:id',
            element: page(() => import('./routes/PurchaseRoute.tsx')),
          },
          {
            path: 'payment/:id',
            element: page(() => import('./routes/PaymentRoute.tsx')),
          },
          {
            path: 'checkout',
            element: page(() => import('../features/orders/pages/CheckoutPage.tsx')),
          },
          {
            path: 'quick-order',
            element: page(() => import('../features/cart/pages/QuickOrderPage.tsx')),
          },
          // The page an invitation's e-mail links to (issue 18).
          {
            path: 'company/join',
            element: page(() => import('../features/companies/pages/JoinCompanyPage.tsx')),
          },
          {
            path: 'dashboard',
            element: page(() => import('./routes/DashboardRoute.tsx')),
            children: [
              { index: true, element: page(() => import('./routes/ProfileRoute.tsx')) },
              {
                path: 'myorder2',
                element: page(() => import('./routes/MyOrdersRoute.tsx')),
              },
              {
                path: 'addresses',
                element: page(() => import('../features/addresses/pages/MyAddressesPage.tsx')),
              },
              {
                path: 'garage',
                element: page(() => import('../features/garage/pages/MyGaragePage.tsx')),
              },
              {
                path: 'company',
                element: page(() => import('../features/companies/pages/MyCompanyPage.tsx')),
              },
              {
                path: 'addreview',
                element: page(() => import('./routes/AddReviewRoute.tsx')),
              },
              // API keys and webhooks for the customer's own systems (issue 19).
              {
                path: 'api-keys',
                element: page(() => import('../features/integrations/pages/ApiKeysPage.tsx')),
              },
              {
                path: 'webhooks',
                element: page(() => import('../features/integrations/pages/WebhooksPage.tsx')),
              },
              {
                element: <RequireAdmin />,
                children: [
                  // The admin's first page: sales at a glance (issue 33 #1).
                  {
                    path: 'sales',
                    element: page(() => import('../features/admin/pages/SalesOverviewPage.tsx')),
                  },
                  {
                    path: 'alluser',
                    element: page(() => import('../features/admin/pages/AllUsersPage.tsx')),
                  },
                  {
                    path: 'manageallorders',
                    element: page(() => import('../features/admin/pages/ManageAllOrdersPage.tsx')),
                  },
                  {
                    path: 'auditlog',
                    element: page(() => import('../features/admin/pages/AuditLogPage.tsx')),
                  },
                  // The e-mails and jobs that did not go through, to send again (issue 31).
                  {
                    path: 'jobs',
                    element: page(() => import('../features/admin/pages/MailAndJobsPage.tsx')),
                  },
                  // Companies, their payment on account and the overdue invoices (issue 18).
                  {
                    path: 'companies',
                    element: page(
                      () => import('../features/admin-companies/pages/CompaniesPage.tsx'),
                    ),
                  },
                  {
                    path: 'companies/:id',
                    element: page(
                      () => import('../features/admin-companies/pages/CompanyPage.tsx'),
                    ),
                  },
                  {
                    path: 'overdue',
                    element: page(
                      () => import('../features/admin-companies/pages/OverdueInvoicesPage.tsx'),
                    ),
                  },
                  {
                    path: 'catalogue',
                    element: page(() => import('../features/admin/pages/CatalogueCsvPage.tsx')),
                  },
                  {
                    path: 'addproduct',
                    element: page(() => import('../features/products/pages/AddProductPage.tsx')),
                  },
                  // Where the stock is kept and when each ships (issue 32 #2).
                  {
                    path: 'warehouses',
                    element: page(() => import('../features/warehouses/pages/WarehousesPage.tsx')),
                  },
                  // The parts below their reorder point (issue 33 #4).
                  {
                    path: 'low-stock',
                    element: page(() => import('../features/admin/pages/LowStockPage.tsx')),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    // The 404 is a full-screen image: outside the navbar and footer.
    path: '*',
    element: page(() => import('../features/content/pages/NotFoundPage.tsx')),
  },
];

/** Loads the code of the pages an address shows (a layout's and its page's), before they render. */
export function preloadPages(pathname: string): Promise<unknown> {
  const shown = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    shown.map(({ route }) =>
      (route.element as ReactElement<object, Page> | undefined)?.type.preload?.(),
    ),
  );
}

/**
 * The page of the current address. React Router's declarative mode: the data router's loaders
 * and actions are not used here (TanStack Query fetches), and it weighs half as much on every
 * page's first load (docs/decisions/008).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary fullScreen>
      <Suspense fallback={<FullScreenSpinner label={uiText.pageLoading} />}>
        {useRoutes(routes)}
      </Suspense>
    </RouteErrorBoundary>
  );
}
