import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import PurchaseView from '../../features/orders/pages/PurchasePage.tsx';

/** /purchase/{id}: the order form with the signed-in user's name and e-mail (read-only). */
export default function PurchaseRoute() {
  const { user } = useAuth();
  // RequireAuth lets only a signed-in user this far.
  if (!user) return null;
  return <PurchaseView customer={{ name: user.name, email: user.email }} />;
}
