import type { OrderExportQuery } from '@axle/contract';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { api } from '../../../lib/api-client.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';

// Issue 33 #3: the orders Manage All Orders shows, out as a CSV file. Loaded apart from the page's
// first JavaScript (its budget), with its own words and call.

const text = {
  export: 'Export as CSV',
  exporting: 'Preparing the file…',
  failed: 'The orders could not be exported. Please try again.',
  fileName: (day: string) => `axle-orders-${day}.csv`,
} as const;

/** The page's filters as its address holds them: text, or nothing. */
type Filters = { [K in keyof OrderExportQuery]?: string | undefined };

/** GET /admin/orders/export.csv: the orders under these filters, one row a line, as a file. */
function exportOrders(filters: Filters) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const query = params.size > 0 ? `?${params}` : '';
  return api<Blob>(`/admin/orders/export.csv${query}`, { reply: 'file', onDenied: 'home' });
}

/** Downloads the orders under the page's search, dates and state tab. */
export default function ExportOrdersButton({ filters }: { filters: Filters }) {
  const download = useOneAtATimeMutation({
    mutationFn: () => exportOrders(filters),
    onSuccess: (file) => saveFile(file, text.fileName(new Date().toISOString().slice(0, 10))),
    onError: () => toast.error(text.failed),
  });
  return (
    <BusyButton
      className="btn btn-outline"
      busy={download.isPending}
      busyLabel={text.exporting}
      onClick={() => download.mutate(undefined)}
    >
      {text.export}
    </BusyButton>
  );
}
