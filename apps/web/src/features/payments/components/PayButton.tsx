import { Spinner } from '../../../components/ui/Spinner.tsx';
import { paymentsText as text } from '../strings.ts';

/** Pay: disabled until the payment intent exists and while a payment is under way (SPEC §4). */
export function PayButton({ ready, busy }: { ready: boolean; busy: boolean }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={!ready || busy} aria-busy={busy}>
      {busy ? <Spinner size="sm" label={text.paying} /> : text.pay}
    </button>
  );
}
