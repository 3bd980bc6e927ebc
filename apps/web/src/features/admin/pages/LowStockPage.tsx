import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { dashboardText } from '../../dashboard/index.ts';
import { LoadFailed, Loading } from '../components/LoadState.tsx';
import { LowStockList } from '../components/LowStockList.tsx';
import { type LowStockRow, lowStockQuery, type ReorderPointReply } from '../low-stock-api.ts';
import { lowStockText as text } from '../low-stock-strings.ts';

// The dialog's form comes in a chunk of its own, with the form library, after the page is shown.
const ReorderPointDialog = lazy(() => import('../components/ReorderPointDialog.tsx'));

/**
 * Low stock (issue 33 #4): the parts below their reorder point (their own, or twice their minimum
 * order), the emptiest first, as a table on a wide screen and as cards on a phone, each with its
 * last 30 days' sales, how many days its stock lasts at that pace and when more is expected. A
 * part's reorder point is changed in a dialog; a part no longer low then leaves the list, and the
 * heading takes the focus its button had.
 */
export default function LowStockPage() {
  const queryClient = useQueryClient();
  const query = lowStockQuery();
  const { data, isPending, isError, refetch } = useQuery(query);
  const [editing, setEditing] = useState<LowStockRow | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // A part no longer low has left the list with its button: once the dialog has closed (the
    // Modal's own effect runs first), the heading takes the focus instead.
    if (editing || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [editing]);

  /** The saved part as it is now, at once, before the list is read again. */
  function showSaved(saved: ReorderPointReply) {
    const stillLow = saved.available < saved.reorderPoint;
    queryClient.setQueryData(query.queryKey, (current) => {
      if (!current) return current;
      if (!stillLow)
        return {
          rows: current.rows.filter((row) => row.partId !== saved.partId),
          total: Math.max(current.total - 1, 0),
        };
      return {
        ...current,
        rows: current.rows.map((row) => (row.partId === saved.partId ? { ...row, ...saved } : row)),
      };
    });
    focusHeading.current = !stillLow;
    setEditing(null);
  }

  const parts = data?.rows ?? [];

  return (
    <section aria-labelledby="low-stock-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2
          ref={heading}
          id="low-stock-heading"
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {dashboardText.lowStock}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      {isPending ? (
        <Loading label={text.loading} />
      ) : isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => refetch()} />
      ) : parts.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <>
          <p className="font-medium">
            {text.count(data.total)}
            {data.total > parts.length ? ` ${text.firstShown(parts.length)}` : null}
          </p>
          <LowStockList parts={parts} onChange={setEditing} />
        </>
      )}
      <Suspense fallback={null}>
        <ReorderPointDialog part={editing} onDone={showSaved} onCancel={() => setEditing(null)} />
      </Suspense>
    </section>
  );
}
