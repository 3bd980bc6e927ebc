import type { CreditNote } from '@axle/contract';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import { downloadCreditNote } from '../core-api.ts';
import { coreText as text } from '../core-strings.ts';

const price = catalogStrings.formatPrice;

/** Where a credit note's amount went: the company's account, or the card (once refunded). */
function refundText(note: CreditNote): string {
  const amount = price(note.amount);
  if (note.refundedTo === 'account') return text.creditedToAccount(amount);
  return note.refundedAt ? text.refundedToCard(amount) : text.refundPending(amount);
}

/**
 * An order's credit notes (issue 32 #4), oldest first: each one's number, the cores it was for,
 * where its amount went, and its PDF, fetched with the admin's token and saved as CN-000001.pdf.
 * A chunk of its own, loaded for the orders that have one.
 */
export default function CreditNotes({ order }: { order: Order }) {
  const download = useOneAtATimeMutation({
    mutationFn: (number: string) => downloadCreditNote(order._id, number),
    onSuccess: (file, number) => saveFile(file, text.file(number)),
    onError: (error) => toast.error(error.message),
  });
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{text.creditNotes}</span>
      <ul aria-label={text.creditNotesOf(order.number)} className="flex flex-col gap-2">
        {order.creditNotes.map((note) => {
          const which = <span className="sr-only">{text.which(note.number)}</span>;
          return (
            <li key={note.number} className="flex flex-col items-start gap-1 text-sm">
              <span className="break-words">
                <span className="whitespace-nowrap font-mono text-xs">{note.number}</span>{' '}
                {text.creditNoteFor(note.quantity, note.partNumber, note.name)}
              </span>
              <span className="text-base-content/80">{refundText(note)}</span>
              <BusyButton
                className="btn btn-outline btn-xs whitespace-nowrap"
                busy={download.isPending && download.variables === note.number}
                busyLabel={
                  <>
                    {text.downloading}
                    {which}
                  </>
                }
                onClick={() => download.mutate(note.number)}
              >
                {text.download}
                {which}
              </BusyButton>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
