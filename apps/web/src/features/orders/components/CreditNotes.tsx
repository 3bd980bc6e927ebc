import type { CreditNote } from '@axle/contract';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPrice as price } from '../../../lib/money.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadCreditNote, type Order } from '../api.ts';
import { coreText as text } from '../core-strings.ts';

/**
 * An order's credit notes (issue 32 #4), oldest first: what came back of its core deposits, and
 * for each note the old parts it is for, what it gave back and where (the card, once the provider
 * has refunded it, or the company's account), with its PDF. Nothing for an order without one.
 */
export function CreditNotes({ order }: { order: Order }) {
  const labelId = useId();
  if (order.creditNotes.length === 0) return null;
  return (
    <div className="space-y-2">
      <p id={labelId} className="font-semibold">
        {text.creditNotes}
      </p>
      <p className="text-sm">{text.givenBack(price(order.credited), price(order.deposits))}</p>
      <ul aria-labelledby={labelId} className="space-y-2">
        {order.creditNotes.map((note) => (
          <li
            key={note.number}
            className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3 text-sm"
          >
            <span className="min-w-0 space-y-0.5 [overflow-wrap:anywhere]">
              <span className="block">
                <span className="font-mono font-semibold">{note.number}</span>{' '}
                {text.creditNoteFor(note.quantity, note.partNumber, note.name)}
              </span>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <strong className="tabular-nums">{price(note.amount)}</strong>
                {note.refundedTo === 'account' ? (
                  <span>{text.creditedToAccount}</span>
                ) : note.refundedAt ? (
                  <span>{text.refundedToCard}</span>
                ) : (
                  // The queue asks the provider just after the note is issued.
                  <span className="badge h-auto badge-outline">{text.refundPending}</span>
                )}
              </span>
            </span>
            <CreditNoteButton orderId={order._id} note={note} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A credit note's PDF, fetched with the caller's token and saved as CN-000001.pdf. */
function CreditNoteButton({ orderId, note }: { orderId: string; note: CreditNote }) {
  const download = useMutation({
    mutationFn: () => downloadCreditNote(orderId, note.number),
    onSuccess: (file) => saveFile(file, `${note.number}.pdf`),
    // A company's order is shown to its members, but its credit notes are its buyer's.
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status === 403
          ? text.downloadDenied
          : text.downloadFailed,
      ),
  });
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {download.isPending ? text.downloading : text.download}
      <span className="sr-only">{text.downloadOf(note.number)}</span>
    </button>
  );
}
