import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import type { Order } from '../api.ts';
import { downloadPackingSlip } from '../fulfilment-api.ts';
import { fulfilmentText as text } from '../fulfilment-strings.ts';

/**
 * A paid order's packing slip (issue 33 #2): its lines and where they go, without prices, saved as
 * packing-slip-order-10042.pdf. A chunk of its own, with its call and words.
 */
export default function PackingSlipButton({ order, which }: { order: Order; which: string }) {
  const download = useOneAtATimeMutation({
    mutationFn: () => downloadPackingSlip(order._id),
    onSuccess: (file) => saveFile(file, text.packingSlipFile(order.number)),
    onError: (error) => toast.error(error.message),
  });
  const label = (words: string) => (
    <>
      {words}
      <span className="sr-only">{which}</span>
    </>
  );
  return (
    <BusyButton
      className="btn btn-outline btn-sm whitespace-nowrap"
      busy={download.isPending}
      busyLabel={label(text.packingSlipBusy)}
      onClick={() => download.mutate(undefined)}
    >
      {label(text.packingSlip)}
    </BusyButton>
  );
}
