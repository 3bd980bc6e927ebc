import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { FullScreenSpinner } from '../components/ui/Spinner.tsx';
import { RequireAdmin, RequireAuth } from '../features/accounts/guards.tsx';
import { layoutText } from '../lib/strings/layout.ts';
import { LoadingLayout } from './layout/LoadingLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

/** Route-level code splitting: each page's code is fetched when its route is first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Every route of SPEC §2 (plus /parts, PRODUCT §4). */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError fullScreen />,
    hydrateFallbackElement: <LoadingLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('./pages/HomePage.tsx')) },
          { path: 'parts', lazy: page(() => import('../features/catalog/pages/PartsPage.tsx')) },
          { path: 'Blogs', lazy: page(() => import('../features/content/pages/BlogsPage.tsx')) },
          {
            path: 'myportfolio',
            lazy: page(() => import('../features/content/pages/PortfolioPage.tsx')),
          },
          { path: 'login', lazy: page(() => import('../features/accounts/pages/LoginPage.tsx')) },
          {
            path: 'register',
            lazy: page(() => import('../features/accounts/pages/RegisterPage.tsx')),
          },
          // The pages e-mailed links open, and the end of a Google sign-in (issue 3).
          {
            path: 'reset-password',
            lazy: page(() => import('../features/accounts/pages/ResetPasswordPage.tsx')),
          },
          {
            path: 'verify-email',
            lazy: page(() => import('../features/accounts/pages/VerifyEmailPage.tsx')),
          },
          {
            path: 'auth/complete',
            lazy: page(() => import('../features/accounts/pages/GoogleCompletePage.tsx')),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'purchase/:id',
                lazy: page(() => import('./pages/PurchasePage.tsx')),
              },
              {
                path: 'payment/:id',
                lazy: page(() => import('./pages/PaymentPage.tsx')),
              },
              {
                path: 'dashboard',
                lazy: page(() => import('./pages/DashboardPage.tsx')),
                children: [
                  { index: true, lazy: page(() => import('./pages/ProfilePage.tsx')) },
                  {
                    path: 'myorder2',
                    lazy: page(() => import('./pages/MyOrdersPage.tsx')),
                  },
                  {
                    path: 'addreview',
                    lazy: page(() => import('./pages/AddReviewPage.tsx')),
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: 'alluser',
                        lazy: page(() => import('../features/admin/pages/AllUsersPage.tsx')),
                      },
                      {
                        path: 'manageallorders',
                        lazy: page(() => import('../features/admin/pages/ManageAllOrdersPage.tsx')),
                      },
                      {
                        path: 'auditlog',
                        lazy: page(() => import('../features/admin/pages/AuditLogPage.tsx')),
                      },
                      {
                        path: 'addproduct',
                        lazy: page(() => import('../features/products/pages/AddProductPage.tsx')),
                      },
                    ],
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
    errorElement: <RouteError fullScreen />,
    hydrateFallbackElement: <FullScreenSpinner label={layoutText.pageLoading} />,
    lazy: page(() => import('../features/content/pages/NotFoundPage.tsx')),
  },
]);
