import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  type ReactElement,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import type { ListPage } from '../../../lib/list-page.ts';
import { toast } from '../../../lib/toast.ts';
import { AUDIT_LOG_KEY } from '../../admin/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import { COMPANIES_KEY, type Order, settleInvoice } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';
import { invoiceOf, type SettleActions } from './InvoiceList.tsx';

// The dialog's form comes in a chunk of its own, with the form library, after the list is shown.
const SettleDialog = lazy(() => import('./SettleDialog.tsx'));

/**
 * Record payment on a list of invoices on account (the page's query `listKey`): the dialog asks
 * for the payment's reference; once recorded the invoice leaves the list, a toast says so, and
 * what its company owes is fetched again. A settled invoice's button is gone with its row, so
 * the list's heading (`heading`) takes the focus once the dialog has closed; a dialog cancelled
 * gives it back to the button by itself.
 */
export function useSettleInvoice(
  listKey: QueryKey,
  heading: RefObject<HTMLElement | null>,
): { actions: SettleActions; dialog: ReactElement } {
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<Order | null>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    if (settling || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [settling, heading]);

  const settle = useOneAtATimeMutation({
    mutationFn: ({ order, reference }: { order: Order; reference: string }) =>
      settleInvoice(order._id, { reference }),
    onSuccess: (_settled, { order }) => {
      queryClient.setQueryData<ListPage<Order>>(
        listKey,
        (current) =>
          current && {
            ...current,
            rows: current.rows.filter((entry) => entry._id !== order._id),
            total: current.total === null ? null : Math.max(0, current.total - 1),
          },
      );
      toast.success(adminCompaniesText.overdue.settled(invoiceOf(order)));
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

  return {
    actions: {
      onRecord: setSettling,
      recordingId: settle.isPending ? (settle.variables?.order._id ?? null) : null,
    },
    dialog: (
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
    ),
  };
}
