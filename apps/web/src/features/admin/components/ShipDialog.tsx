import { InputField } from '../../../components/ui/Field.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.orders;
const price = catalogStrings.formatPrice;
const FORM_ID = 'ship-order-form';
const shipRules = () => import('../form-rules.ts').then((rules) => rules.shipRules);

type Props = {
  /** The paid order to ship, or null while the dialog is closed. */
  order: Order | null;
  busy: boolean;
  /** Ships the order, with the tracking number when one was given. */
  onShip: (trackingNumber: string | undefined) => void;
  /** Not yet, Escape or a click on the backdrop. */
  onCancel: () => void;
};

/** The tracking number, checked with the server's own rule before the order is shipped. */
function TrackingForm({ order, busy, onShip }: Pick<Props, 'busy' | 'onShip'> & { order: Order }) {
  const form = useShopForm(shipRules, { trackingNumber: '' });
  const error = form.formState.errors.trackingNumber?.message;
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ trackingNumber }) => {
        if (!busy) onShip(trackingNumber || undefined);
      })}
    >
      <p>{text.shipBody(order.number, price(order.total), order.name, order.email)}</p>
      <InputField
        id="ship-trackingNumber"
        label={text.trackingLabel}
        hint={text.trackingHint}
        error={error}
        autoComplete="off"
        spellCheck={false}
        {...form.register('trackingNumber')}
      />
    </form>
  );
}

/**
 * Shipping a paid order (SPEC 'Item Shipped'): the admin may give the carrier's tracking number
 * first (issue 17). Its own chunk, with the form library: loaded after Manage All Orders is shown.
 * The field takes the focus as the dialog opens, and Enter ships.
 */
export default function ShipDialog({ order, busy, onShip, onCancel }: Props) {
  return (
    <FormDialog
      open={order !== null}
      title={order ? text.shipTitle(order.number) : ''}
      formId={FORM_ID}
      submitLabel={text.confirmShip}
      busyLabel={text.shipping}
      cancelLabel={text.keepPending}
      busy={busy}
      onCancel={onCancel}
    >
      {/* A new form for each order: nothing typed for one order is left for the next. */}
      {order ? <TrackingForm key={order._id} order={order} busy={busy} onShip={onShip} /> : null}
    </FormDialog>
  );
}
