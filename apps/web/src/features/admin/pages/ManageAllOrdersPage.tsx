import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import { AUDIT_LOG_KEY, allOrdersQuery, deleteOrder, type Order, shipOrder } from '../api.ts';
import { DeletedDialog } from '../components/DeletedDialog.tsx';
import { LoadFailed, Loading } from '../components/LoadState.tsx';
import { OrderCards } from '../components/OrderCards.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { adminText } from '../strings.ts';

const text = adminText.orders;

/**
 * SPEC 'Manage All Orders': every order as a table on a wide screen and as cards on a phone. A
 * paid order is 'Pending' until the admin ships it ('Item Shipped'), then 'Shipped'; an unpaid
 * order can be deleted after a confirmation, and its parts go back into stock.
 */
export default function ManageAllOrdersPage() {
  const queryClient = useQueryClient();
  const query = allOrdersQuery();
  const { data: orders, isPending, isError, refetch } = useQuery(query);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [deleted, setDeleted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // The deleted order's button is gone: once the 'Deleted!' dialog has closed (the Modal's own
    // effect runs first), the page's heading takes the focus instead.
    if (deleted || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [deleted]);

  const ship = useMutation({
    mutationFn: (order: Order) => shipOrder(order._id),
    onSuccess: (reply, order) => {
      const shipped = reply.order;
      if (shipped) {
        queryClient.setQueryData(query.queryKey, (current) =>
          current?.map((entry) => (entry._id === order._id ? shipped : entry)),
        );
      }
      if (reply.modifiedCount > 0) toast.success(text.shippedToast);
      else toast.info(text.alreadyShipped);
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  const remove = useMutation({
    mutationFn: (order: Order) => deleteOrder(order._id),
    onSuccess: (reply, order) => {
      setDeleting(null);
      if (reply.deletedCount > 0) {
        queryClient.setQueryData(query.queryKey, (current) =>
          current?.filter((entry) => entry._id !== order._id),
        );
        setDeleted(true);
      } else {
        toast.error(text.deletedNone);
      }
    },
    onError: (error) => {
      setDeleting(null);
      toast.error(error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      // The order's quantity is back in stock.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  const actions = {
    onShip: (order: Order) => ship.mutate(order),
    onDelete: setDeleting,
    shippingId: ship.isPending ? (ship.variables?._id ?? null) : null,
  };

  return (
    <section aria-labelledby="manage-orders-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <h2
        ref={heading}
        id="manage-orders-heading"
        tabIndex={-1}
        className="text-2xl font-semibold focus:outline-none"
      >
        {dashboardText.manageAllOrders}
      </h2>
      {isPending ? (
        <Loading label={text.loading} />
      ) : isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => refetch()} />
      ) : orders.length === 0 ? (
        <p className="py-8 text-lg">{text.empty}</p>
      ) : (
        <>
          <div className="hidden lg:block">
            <OrdersTable orders={orders} {...actions} />
          </div>
          <div className="lg:hidden">
            <OrderCards orders={orders} {...actions} />
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={text.confirmTitle}
        confirmLabel={text.confirm}
        cancelLabel={text.keep}
        busyLabel={text.deleting}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p>
            {text.confirmBody(deleting.quantity, deleting.parts, deleting.name, deleting.email)}
          </p>
        ) : null}
      </ConfirmDialog>
      <DeletedDialog
        open={deleted}
        onClose={() => {
          focusHeading.current = true;
          setDeleted(false);
        }}
      />
    </section>
  );
}
