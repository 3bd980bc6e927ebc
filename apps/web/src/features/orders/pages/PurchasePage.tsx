import { layoutText } from '../../../lib/strings/layout.ts';

export default function PurchasePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{layoutText.orders.purchase}</h1>
    </div>
  );
}
