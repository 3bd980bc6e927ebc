import type { CoreReturnBody, OrderLine } from '@axle/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import type { ListPage } from '../../../lib/list-page.ts';
import { toast } from '../../../lib/toast.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import { AUDIT_LOG_KEY, type Order, orderQuery } from '../api.ts';
import { recordCoreReturn } from '../core-api.ts';
import { coreText as text } from '../core-strings.ts';
import type { CoreReturnValues } from '../form-rules.ts';

const FORM_ID = 'core-return-form';

type CoreLine = OrderLine & { core: NonNullable<OrderLine['core']> };

/**
 * The lines whose returned cores can be recorded: a part's first line with a core charge (the
 * server counts a part's cores back on that one), while it still owes some.
 */
function owedLines(lines: OrderLine[]): CoreLine[] {
  const first = new Map<string, CoreLine>();
  for (const line of lines)
    if (line.core && !first.has(line.partId)) first.set(line.partId, { ...line, core: line.core });
  return [...first.values()].filter((line) => line.core.owed > 0);
}

const choiceText = (line: CoreLine) => text.lineChoice(line.partNumber, line.name, line.core.owed);

type FormProps = {
  order: Order;
  busy: boolean;
  /** Records the cores received: the line's part and how many. */
  onRecord: (body: CoreReturnBody) => void;
};

/**
 * Which line's cores came back (chosen among those that owe some, or named when there is one) and
 * how many: all it owes at first, and no more (the form's rules, then the server's).
 */
function CoresForm({ order, lines, busy, onRecord }: FormProps & { lines: CoreLine[] }) {
  const [first] = lines as [CoreLine, ...CoreLine[]];
  const owed = new Map(lines.map((line) => [line.partId, line.core.owed]));
  const form = useShopForm<CoreReturnValues, CoreReturnBody>(
    () => import('../form-rules.ts').then((rules) => rules.coreReturnRules(owed)),
    { partId: first.partId, quantity: String(first.core.owed) },
  );
  const { errors } = form.formState;
  const chosen = lines.find((line) => line.partId === form.watch('partId')) ?? first;
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        if (!busy) onRecord(body);
      })}
    >
      <p>{text.body(order.onAccount)}</p>
      {lines.length === 1 ? (
        <p className="break-words">
          <span className="font-medium">{text.line}</span> {choiceText(first)}
        </p>
      ) : (
        <Field id="cores-partId" label={text.line} error={errors.partId?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register('partId', {
                // Another line: all it owes, as for the first.
                onChange: (event: { target: { value: string } }) => {
                  const line = lines.find((entry) => entry.partId === event.target.value);
                  if (line)
                    form.setValue('quantity', String(line.core.owed), {
                      shouldValidate: form.formState.isSubmitted,
                    });
                },
              })}
              className={controlClass('select', errors.partId?.message)}
            >
              {lines.map((line) => (
                <option key={line.partId} value={line.partId}>
                  {choiceText(line)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <InputField
        id="cores-quantity"
        label={text.quantity}
        hint={text.quantityHint(chosen.core.owed)}
        error={errors.quantity?.message}
        inputMode="numeric"
        autoComplete="off"
        {...form.register('quantity')}
      />
    </form>
  );
}

/**
 * The order's lines that owe cores: those the list carries, or all of them, read first, when the
 * list carries only its first few.
 */
function OrderCores({ order, busy, onRecord }: FormProps) {
  const partial = order.lineCount > order.lines.length;
  const full = useQuery({ ...orderQuery(order._id), enabled: partial });
  if (partial && full.isPending) return <Spinner label={text.loadingLines} />;
  if (partial && !full.data) return <ErrorText alert>{text.linesFailed}</ErrorText>;
  const lines = owedLines(partial && full.data ? full.data.lines : order.lines);
  if (lines.length === 0) return <p>{text.noneOwed}</p>;
  return <CoresForm order={order} lines={lines} busy={busy} onRecord={onRecord} />;
}

/**
 * Recording the old parts (cores) received for a paid order (issue 32 #4): which line and how
 * many, which issues a credit note for their deposits; the list shows the order as it is then
 * and a toast names the credit note, while the server's refusal shows inside. Its own chunk, with
 * the form library: loaded after Manage All Orders is shown.
 */
export default function CoreReturnDialog({
  order,
  onDone,
  onCancel,
}: {
  /** The paid order whose old parts came back, or null while the dialog is closed. */
  order: Order | null;
  /** After the credit note was issued: the order as it is now. */
  onDone: (order: Order) => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  // Each attempt has its Idempotency-Key: a retry after a lost reply issues no second credit note.
  const record = useIdempotentMutation({
    mutationFn: ({ id, body }: { id: string; body: CoreReturnBody }, idempotencyKey: string) =>
      recordCoreReturn(id, body, idempotencyKey),
    onSuccess: (updated) => {
      // Every page of the list that shows the order: the reply has every line, a list row the
      // few it carried.
      queryClient.setQueriesData<ListPage<Order>>(
        { queryKey: [...ORDERS_KEY, 'all'] },
        (current) =>
          current && {
            ...current,
            rows: current.rows.map((entry) =>
              entry._id === updated._id
                ? { ...updated, lines: updated.lines.slice(0, entry.lines.length) }
                : entry,
            ),
          },
      );
      const issued = updated.creditNotes.at(-1);
      if (issued) toast.success(text.issued(issued.number));
      onDone(updated);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
  return (
    <FormDialog
      open={order !== null}
      title={order ? text.title(order.number) : ''}
      formId={FORM_ID}
      submitLabel={text.issue}
      busyLabel={text.issuing}
      cancelLabel={text.cancel}
      busy={record.isPending}
      onCancel={() => {
        // The next order's dialog starts without this one's refusal.
        record.reset();
        onCancel();
      }}
      error={record.isError ? record.error.message : null}
    >
      {/* A new form for each order: nothing typed for one order is left for the next. */}
      {order ? (
        <OrderCores
          key={order._id}
          order={order}
          busy={record.isPending}
          onRecord={(body) => record.mutate({ id: order._id, body })}
        />
      ) : null}
    </FormDialog>
  );
}
