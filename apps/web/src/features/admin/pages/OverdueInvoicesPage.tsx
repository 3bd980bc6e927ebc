import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { toast } from '../../../lib/toast.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import {
  AUDIT_LOG_KEY,
  COMPANIES_KEY,
  type Order,
  overduePageQuery,
  settleInvoice,
} from '../api.ts';
import { ListBody } from '../components/ListBody.tsx';
import { invoiceOf, OverdueList } from '../components/OverdueList.tsx';
import { adminText } from '../strings.ts';

const text = adminText.overdue;
// The dialog's form comes in a chunk of its own, with the form library, after the list is shown.
const SettleDialog = lazy(() => import('../components/SettleDialog.tsx'));

/**
 * The overdue invoices on account (issue 18 #4): invoice number, who ordered, total, due date and
 * how long it is overdue, the oldest due first, paged by the server (PRODUCT §5). Record payment
 * asks for the payment's reference; the invoice is then settled, leaves the list, and what its
 * company owes goes down by its total.
 */
export default function OverdueInvoicesPage() {
  const queryClient = useQueryClient();
  const address = useListAddress();
  const query = overduePageQuery({ limit: address.limit, cursor: address.cursor });
  const { data, dataUpdatedAt, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const orders = data?.rows ?? [];
  const [settling, setSettling] = useState<Order | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // A settled invoice's button is gone with its row: once the dialog has closed, the page's
    // heading takes the focus instead (a dialog cancelled gives it back to the button by itself).
    if (settling || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [settling]);

  const settle = useMutation({
    mutationFn: ({ order, reference }: { order: Order; reference: string }) =>
      settleInvoice(order._id, { reference }),
    onSuccess: (_settled, { order }) => {
      queryClient.setQueryData(
        query.queryKey,
        (current) =>
          current && {
            ...current,
            rows: current.rows.filter((entry) => entry._id !== order._id),
            total: current.total === null ? null : Math.max(0, current.total - 1),
          },
      );
      toast.success(text.settled(invoiceOf(order)));
      focusHeading.current = true;
      setSettling(null);
    },
    onError: (error) => {
      setSettling(null);
      toast.error(error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      // What the company owes went down.
      void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  return (
    <section aria-labelledby="overdue-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2
          ref={heading}
          id="overdue-heading"
          tabIndex={-1}
          className="text-2xl font-semibold focus:outline-none"
        >
          {dashboardText.overdueInvoices}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <ListBody
        loading={isPending}
        failed={isError}
        count={orders.length}
        busy={isPlaceholderData}
        text={text}
        filtered={false}
        onRetry={() => refetch()}
        onClear={() => undefined}
      >
        <OverdueList
          orders={orders}
          now={dataUpdatedAt}
          onRecord={setSettling}
          recordingId={settle.isPending ? (settle.variables?.order._id ?? null) : null}
        />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
      <Suspense fallback={null}>
        <SettleDialog
          order={settling}
          busy={settle.isPending}
          onSettle={(reference) => {
            if (settling) settle.mutate({ order: settling, reference });
          }}
          onCancel={() => setSettling(null)}
        />
      </Suspense>
    </section>
  );
}
