import PaymentView from '../../features/orders/pages/PaymentPage.tsx';
import { CardPayment } from '../../features/payments/components/CardPayment.tsx';

/** /payment/{id}: the order (orders) with the card form (payments) for an unpaid one. */
export default function PaymentRoute() {
  return (
    <PaymentView renderPayment={(order, onPaid) => <CardPayment order={order} onPaid={onPaid} />} />
  );
}
