import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { formatPrice } from '../../../lib/money.ts';
import { paymentsText as text } from '../strings.ts';

type PayButtonProps = {
  ready: boolean;
  busy: boolean;
  /** The amount the server will charge: "Pay $1,850.00" says what pressing it costs. */
  amount: number | null;
};

/** Pay: disabled until the payment intent exists and while a payment is under way (SPEC §4). */
export function PayButton({ ready, busy, amount }: PayButtonProps) {
  return (
    <BusyButton
      type="submit"
      className="btn btn-primary"
      disabled={!ready}
      busy={busy}
      busyLabel={text.paying}
    >
      {amount === null ? text.pay : text.payAmount(formatPrice(amount))}
    </BusyButton>
  );
}
