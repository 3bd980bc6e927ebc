import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from './AuthProvider.tsx';

/** Pages for signed-in users: anyone else goes to /login, which sends them back afterwards. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

/** Admin pages: a visitor, or a user who is not admin, goes to /login (SPEC §2). */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isAdmin, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (!user || !isAdmin) return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
