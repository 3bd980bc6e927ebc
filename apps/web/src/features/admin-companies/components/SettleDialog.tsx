import { InputField } from '../../../components/ui/Field.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { formatPrice } from '../../../lib/money.ts';
import type { Order } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';
import { invoiceOf } from './InvoiceList.tsx';

const text = adminCompaniesText.overdue;
const FORM_ID = 'settle-invoice-form';
const settleRules = () => import('../form-rules.ts').then((rules) => rules.settleRules);

type Props = {
  /** The order whose invoice is being paid, or null while the dialog is closed. */
  order: Order | null;
  busy: boolean;
  /** Records the payment with its reference. */
  onSettle: (reference: string) => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
};

/** The payment's reference, checked with the server's own rule before the payment is recorded. */
function ReferenceForm({
  order,
  busy,
  onSettle,
}: Pick<Props, 'busy' | 'onSettle'> & { order: Order }) {
  const form = useShopForm(settleRules, { reference: '' });
  const error = form.formState.errors.reference?.message;
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ reference }) => {
        if (!busy) onSettle(reference);
      })}
    >
      <p>{text.settleBody(invoiceOf(order), formatPrice(order.total), order.name, order.email)}</p>
      <InputField
        id="settle-reference"
        label={text.referenceLabel}
        hint={text.referenceHint}
        error={error}
        autoComplete="off"
        spellCheck={false}
        maxLength={80}
        {...form.register('reference')}
      />
    </form>
  );
}

/**
 * Recording the payment of an open invoice on account (issue 18 #4): the admin gives the
 * payment's reference. Its own chunk, with the form library: loaded after the list is shown. The
 * field takes the focus as the dialog opens, and Enter records.
 */
export default function SettleDialog({ order, busy, onSettle, onCancel }: Props) {
  return (
    <FormDialog
      open={order !== null}
      title={order ? text.settleTitle(invoiceOf(order)) : ''}
      formId={FORM_ID}
      submitLabel={text.confirm}
      busyLabel={text.recording}
      cancelLabel={text.keep}
      busy={busy}
      onCancel={onCancel}
    >
      {/* A new form for each invoice: nothing typed for one is left for the next. */}
      {order ? (
        <ReferenceForm key={order._id} order={order} busy={busy} onSettle={onSettle} />
      ) : null}
    </FormDialog>
  );
}
