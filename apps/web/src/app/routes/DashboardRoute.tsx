import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout.tsx';

/** Composes the dashboard frame with the signed-in user. */
export default function DashboardRoute() {
  const { user, isAdmin } = useAuth();
  return <DashboardLayout userName={user?.name ?? ''} isAdmin={isAdmin} />;
}
