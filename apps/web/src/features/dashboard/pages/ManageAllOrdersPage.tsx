import { layoutText } from '../../../lib/strings/layout.ts';

export default function ManageAllOrdersPage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.manageAllOrders}</h2>;
}
