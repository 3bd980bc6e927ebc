import type { Order } from '@axle/contract';
import { DECISION_NOTE_MAX } from '@axle/contract/company-texts';
import { useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { formatPrice } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { approveOrder, COMPANY_KEY, COMPANY_ORDERS_KEY, rejectOrder } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.decision;
const FORM_ID = 'decision-form';

export type Decision = { order: Order; verdict: 'approve' | 'reject' };

type Note = { note?: string };
/** What is sent: the same order, verdict and note again is a retry of the same attempt. */
type Sent = { orderId: string; verdict: Decision['verdict']; note: string | undefined };
const approveRules = () => import('../form-rules.ts').then((rules) => rules.approveRules);
const rejectRules = () => import('../form-rules.ts').then((rules) => rules.rejectRules);

type Props = {
  /** The order an owner decides and how, or null while the dialog is closed. */
  decision: Decision | null;
  onClose: () => void;
  /** After the decision was recorded: the order's buttons are gone. */
  onDecided: () => void;
};

/**
 * An owner approves a buyer's order (with a note if they like) or rejects it (saying why: the
 * note is required); a rejected order is cancelled and its parts go back into stock. The order is
 * named by its number; "Not now" comes first and has the focus. Each attempt carries its own
 * `Idempotency-Key`, so a retry after a lost reply cannot decide twice.
 */
export function DecisionDialog({ decision, onClose, onDecided }: Props) {
  const queryClient = useQueryClient();
  const decide = useIdempotentMutation({
    mutationFn: ({ orderId, verdict, note }: Sent, idempotencyKey: string) =>
      verdict === 'approve'
        ? approveOrder(orderId, note === undefined ? {} : { note }, idempotencyKey)
        : rejectOrder(orderId, { note: note ?? '' }, idempotencyKey),
    onSuccess: (order: Order, { verdict }: Sent) => {
      toast.success(
        verdict === 'reject'
          ? text.rejected(order.number)
          : order.onAccount && order.invoiceNumber
            ? text.approvedOnAccount(order.number, order.invoiceNumber)
            : text.approved(order.number, order.name),
      );
      if (verdict === 'reject') void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      // Invoiced on account: the credit the company has left went down.
      if (order.onAccount) void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
      onDecided();
    },
    // Decided by another owner meanwhile, say: the list shows the order as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_ORDERS_KEY }),
  });
  const close = () => {
    decide.reset();
    onClose();
  };
  const approving = decision?.verdict === 'approve';
  const busy = decide.isPending;

  return (
    <Modal
      open={decision !== null}
      title={approving ? text.approveTitle : text.rejectTitle}
      onDismiss={close}
      dismissable={!busy}
      actions={
        <>
          <button
            type="button"
            className="btn btn-outline"
            data-autofocus
            disabled={busy}
            onClick={close}
          >
            {text.keep}
          </button>
          <BusyButton
            type="submit"
            form={FORM_ID}
            className={`btn ${approving ? 'btn-primary' : 'btn-error'}`}
            busy={busy}
            busyLabel={approving ? text.approving : text.rejecting}
          >
            {approving ? text.approveConfirm : text.rejectConfirm}
          </BusyButton>
        </>
      }
    >
      {/* A new form for each order and verdict: a note for one is not left for the next. */}
      {decision ? (
        <NoteForm
          key={`${decision.order._id}-${decision.verdict}`}
          decision={decision}
          onSubmit={({ note }) => {
            if (!busy)
              decide.mutate({ orderId: decision.order._id, verdict: decision.verdict, note });
          }}
        />
      ) : null}
      {decide.isError ? (
        <ErrorText alert className="mt-3">
          {decide.error.message}
        </ErrorText>
      ) : null}
    </Modal>
  );
}

function NoteForm({
  decision: { order, verdict },
  onSubmit,
}: {
  decision: Decision;
  onSubmit: (body: Note) => void;
}) {
  const approving = verdict === 'approve';
  const form = useShopForm<{ note: string }, Note>(approving ? approveRules : rejectRules, {
    note: '',
  });
  const error = form.formState.errors.note?.message;
  const total = formatPrice(order.total);
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <p className="break-words">
        {!approving
          ? text.rejectBody(order.number, order.name, total)
          : order.onAccount
            ? text.approveBodyOnAccount(order.number, order.name, total)
            : text.approveBody(order.number, order.name, total)}
      </p>
      <Field
        id="decision-note"
        label={
          approving ? (
            <>
              {text.approveNote}
              <span className="ml-2 font-normal text-base-content/75">
                {companiesText.fields.optional}
              </span>
            </>
          ) : (
            text.rejectNote
          )
        }
        hint={approving ? undefined : text.rejectNoteHint}
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            className={controlClass('textarea', error)}
            rows={3}
            maxLength={DECISION_NOTE_MAX}
            required={!approving}
            {...form.register('note')}
          />
        )}
      </Field>
    </form>
  );
}
