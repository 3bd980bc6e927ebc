import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import MyOrdersFrame from '../../features/dashboard/pages/MyOrdersPage.tsx';
import { MyOrders } from '../../features/orders/components/MyOrders.tsx';

/** Dashboard 'My Orders': the signed-in customer's orders. */
export default function MyOrdersRoute() {
  const { user } = useAuth();
  // The dashboard's guard lets only a signed-in user this far.
  if (!user) return null;
  return (
    <MyOrdersFrame>
      <MyOrders email={user.email} />
    </MyOrdersFrame>
  );
}
