import { layoutText } from '../../../lib/strings/layout.ts';

export default function PaymentPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{layoutText.orders.payment}</h1>
    </div>
  );
}
