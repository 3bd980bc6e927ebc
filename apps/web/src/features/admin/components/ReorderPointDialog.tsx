import type { ReorderPointBody } from '@axle/contract';
import { useQueryClient } from '@tanstack/react-query';
import { InputField } from '../../../components/ui/Field.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { AUDIT_LOG_KEY } from '../api.ts';
import type { ReorderPointValues } from '../form-rules.ts';
import {
  LOW_STOCK_KEY,
  type LowStockRow,
  type ReorderPointReply,
  setReorderPoint,
} from '../low-stock-api.ts';
import { lowStockText as text } from '../low-stock-strings.ts';

const FORM_ID = 'reorder-point-form';
const reorderPointRules = () => import('../form-rules.ts').then((rules) => rules.reorderPointRules);

type FormProps = {
  part: LowStockRow;
  busy: boolean;
  onSave: (body: ReorderPointBody) => void;
};

/**
 * The part's reorder point as typed: its own at first, or empty while it has the default (empty
 * goes back to the default), checked with the server's own rule before it is sent.
 */
function ReorderPointForm({ part, busy, onSave }: FormProps) {
  const form = useShopForm<ReorderPointValues, ReorderPointBody>(reorderPointRules, {
    reorderPoint: part.defaultReorderPoint ? '' : String(part.reorderPoint),
  });
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        if (!busy) onSave(body);
      })}
    >
      <p className="break-words">
        {text.dialogBody(part.partNumber, part.name, part.available)}{' '}
        {text.current(part.reorderPoint, part.defaultReorderPoint)}
      </p>
      <InputField
        id="reorder-point"
        label={text.field}
        hint={text.hint}
        error={form.formState.errors.reorderPoint?.message}
        inputMode="numeric"
        autoComplete="off"
        {...form.register('reorderPoint')}
      />
    </form>
  );
}

/**
 * Changing a part's reorder point (issue 33 #4): its own, or empty for the default; a toast says
 * it is saved and the list is read again, while the server's refusal shows inside. Its own chunk,
 * with the form library: loaded after the Low stock page is shown.
 */
export default function ReorderPointDialog({
  part,
  onDone,
  onCancel,
}: {
  /** The part whose reorder point changes, or null while the dialog is closed. */
  part: LowStockRow | null;
  /** After it was saved: the part's stock and reorder point as they are now. */
  onDone: (saved: ReorderPointReply) => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const save = useOneAtATimeMutation({
    mutationFn: ({ partId, body }: { partId: string; body: ReorderPointBody }) =>
      setReorderPoint(partId, body),
    onSuccess: (saved) => {
      toast.success(text.saved);
      onDone(saved);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
  return (
    <FormDialog
      open={part !== null}
      title={part ? text.dialogTitle(part.partNumber) : ''}
      formId={FORM_ID}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      busy={save.isPending}
      onCancel={() => {
        // The next part's dialog starts without this one's refusal.
        save.reset();
        onCancel();
      }}
      error={save.isError ? save.error.message : null}
    >
      {/* A new form for each part: nothing typed for one part is left for the next. */}
      {part ? (
        <ReorderPointForm
          key={part.partId}
          part={part}
          busy={save.isPending}
          onSave={(body) => save.mutate({ partId: part.partId, body })}
        />
      ) : null}
    </FormDialog>
  );
}
