import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadInvoice, type Order } from '../api.ts';
import { orderLinesText } from '../lines-strings.ts';

const text = orderLinesText.invoice;

/** A paid order's invoice, fetched with the caller's token and saved as INV-000123.pdf. */
export function InvoiceButton({
  order,
  className = 'btn btn-sm',
}: {
  order: Order;
  className?: string;
}) {
  const download = useMutation({
    mutationFn: () => downloadInvoice(order._id),
    onSuccess: (file) => saveFile(file, `${order.invoiceNumber ?? 'invoice'}.pdf`),
    onError: () => toast.error(text.failed),
  });
  if (!order.invoiceNumber) return null;
  return (
    <button
      type="button"
      className={className}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {download.isPending ? text.downloading : text.download}
    </button>
  );
}
