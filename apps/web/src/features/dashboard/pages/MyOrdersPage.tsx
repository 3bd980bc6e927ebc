import { layoutText } from '../../../lib/strings/layout.ts';

export default function MyOrdersPage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.myOrders}</h2>;
}
