import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout.tsx';

/** Composes the dashboard frame with the signed-in user (features do not import each other). */
export default function DashboardPage() {
  const { user, isAdmin } = useAuth();
  return <DashboardLayout userName={user?.name ?? ''} isAdmin={isAdmin} />;
}
