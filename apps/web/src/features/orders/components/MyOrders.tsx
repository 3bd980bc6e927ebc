import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { cancelOrder, type Order, userOrdersQuery } from '../api.ts';
import { ORDERS_KEY } from '../keys.ts';
import { ordersText } from '../strings.ts';
import { OrderCard } from './OrderCard.tsx';

const text = ordersText.myOrders;

/**
 * SPEC 'My Orders': one card per order, newest first, a page at a time (PRODUCT §5; the page is
 * kept in the address). CANCEL ORDER asks first, then cancels; the card goes and the parts lists
 * show the stock back. A 401/403 signs the user out (SPEC §8).
 */
export function MyOrders({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const address = useListAddress();
  const query = userOrdersQuery({ email, limit: address.limit, cursor: address.cursor });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const cancel = useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: (_reply, order) => {
      queryClient.setQueryData(
        query.queryKey,
        (current) =>
          current && { ...current, rows: current.rows.filter((entry) => entry._id !== order._id) },
      );
      setCancelling(null);
      toast.success(text.cancelled);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
    onError: (error) => {
      setCancelling(null);
      toast.error(error.message);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={text.loading} size="lg" />
      </div>
    );
  }
  if (isError) {
    return (
      <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => refetch()} />
    );
  }
  const orders = data.rows;
  if (orders.length === 0 && address.page === 1) {
    return (
      <EmptyState
        action={
          <Link to="/parts" className="btn btn-primary">
            {text.browse}
          </Link>
        }
      >
        {text.empty}
      </EmptyState>
    );
  }

  return (
    <>
      <ul aria-label={text.list} aria-busy={isPlaceholderData} className="flex flex-col gap-6">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} onCancel={() => setCancelling(order)} />
          </li>
        ))}
      </ul>
      <Pager address={address} list={data} busy={isPlaceholderData} />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? text.confirmTitle(cancelling.number) : ''}
        confirmLabel={text.confirm}
        cancelLabel={text.keep}
        busyLabel={text.cancelling}
        busy={cancel.isPending}
        danger
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling);
        }}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? <p>{text.confirmBody(cancelling.parts, cancelling.quantity)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
