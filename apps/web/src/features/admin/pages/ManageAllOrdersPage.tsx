import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { useListAddress } from '../../../lib/list-address.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogStrings, ITEMS_KEY } from '../../catalog/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import {
  AUDIT_LOG_KEY,
  deleteOrder,
  downloadInvoice,
  type Order,
  orderCountsQuery,
  ordersPageQuery,
  shipOrder,
} from '../api.ts';
import { ChoiceFilter } from '../components/ChoiceFilter.tsx';
import { DateRange } from '../components/DateRange.tsx';
import { ListBody } from '../components/ListBody.tsx';
import { ListTools } from '../components/ListTools.tsx';
import { coresOwed } from '../components/OrderBits.tsx';
import { OrderCards } from '../components/OrderCards.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { StateTabs } from '../components/StateTabs.tsx';
import { adminText } from '../strings.ts';

const text = adminText.orders;
// The ship dialog's form comes in a chunk of its own, with the form library, after the page is
// shown: they are about 15 KB gzipped, which the page's first JavaScript (budget 118 KB) lacks.
const ShipDialog = lazy(() => import('../components/ShipDialog.tsx'));
// So does the dialog that records the old parts returned (issue 32 #4), with its call.
const CoreReturnDialog = lazy(() => import('../components/CoreReturnDialog.tsx'));
const ExportOrdersButton = lazy(() => import('../components/ExportOrdersButton.tsx'));
// Ticking many paid orders, shipping them at once and their picking list (issue 33 #2).
const BulkShip = lazy(() => import('../components/BulkShip.tsx'));
// Shown once, after a deletion: apart from the page's first JavaScript too.
const DeletedDialog = lazy(() =>
  import('../components/DeletedDialog.tsx').then((module) => ({ default: module.DeletedDialog })),
);

/**
 * SPEC 'Manage All Orders': the orders as a table on a wide screen and as cards on a phone, each
 * named by its short number and the day it was placed, with its state in words (issue 30 #9), its
 * lines, PO number and note (issue 17). A paid order is 'Pending' until the admin ships it ('Item
 * Shipped'), with the carrier's tracking number if there is one, then 'Shipped'; its invoice can
 * be downloaded. An unpaid order can be deleted after a dialog that names it, and its parts go
 * back into stock. A line's core deposit says how many old parts are owed and by when; the old
 * parts received of a paid order are recorded after a dialog, which issues a credit note, and the
 * order's credit notes can be downloaded (issue 32 #4). Searched (an order's number finds it),
 * filtered by state (tabs with their counts) and dates, sorted and paged by the server (PRODUCT
 * §5); all of it kept in the address.
 */
export default function ManageAllOrdersPage() {
  const queryClient = useQueryClient();
  const address = useListAddress();
  const filters = {
    q: address.value('q') || undefined,
    from: address.value('from') || undefined,
    to: address.value('to') || undefined,
  };
  const state = address.value('state');
  const sort = address.value('sort');
  const query = ordersPageQuery({
    ...filters,
    state: state || undefined,
    sort: sort || undefined,
    limit: address.limit,
    cursor: address.cursor,
  });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const { data: counts } = useQuery(orderCountsQuery(filters));
  const orders = data?.rows ?? [];
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const [recording, setRecording] = useState<Order | null>(null);
  const [deleted, setDeleted] = useState(false);
  // The paid orders ticked to ship at once, kept across pages and filters until shipped or cleared.
  const [selected, setSelected] = useState<Map<string, Order>>(() => new Map());
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // The deleted order's button is gone: once the 'Deleted!' dialog has closed (the Modal's own
    // effect runs first), the page's heading takes the focus instead.
    if (deleted || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [deleted]);

  useEffect(() => {
    // A shipped order's Ship button is gone, and so is Record returned cores once the last of an
    // order's cores are back: once the dialog has closed, the heading takes the focus instead (a
    // dialog cancelled gives it back to the button by itself).
    if (shipping || recording || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [shipping, recording]);

  /** After a change of orders: the lists, counts and audit log are read again. */
  function invalidateOrders() {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
  }

  /** Shipped orders shown at once in the page's list, and no longer ticked. */
  const showShipped = (shipped: Order[]) => {
    const byId = new Map(shipped.map((order) => [order._id, order]));
    queryClient.setQueryData(
      query.queryKey,
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((entry) => byId.get(entry._id) ?? entry),
        },
    );
    setSelected((current) => {
      const next = new Map(current);
      for (const id of byId.keys()) next.delete(id);
      return next;
    });
  };

  const ship = useOneAtATimeMutation({
    mutationFn: ({ order, trackingNumber }: { order: Order; trackingNumber?: string }) =>
      shipOrder(order._id, trackingNumber ? { trackingNumber } : {}),
    onSuccess: (reply) => {
      if (reply.order) showShipped([reply.order]);
      if (reply.modifiedCount > 0) toast.success(text.shippedToast);
      else toast.info(text.alreadyShipped);
      focusHeading.current = true;
      setShipping(null);
    },
    onError: (error) => {
      setShipping(null);
      toast.error(error.message);
    },
    onSettled: invalidateOrders,
  });

  const remove = useOneAtATimeMutation({
    mutationFn: (order: Order) => deleteOrder(order._id),
    onSuccess: (reply, order) => {
      setDeleting(null);
      if (reply.deletedCount > 0) {
        queryClient.setQueryData(
          query.queryKey,
          (current) =>
            current && {
              ...current,
              rows: current.rows.filter((entry) => entry._id !== order._id),
            },
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
      invalidateOrders();
      // The order's quantity is back in stock.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
  });

  const invoice = useOneAtATimeMutation({
    mutationFn: (order: Order) => downloadInvoice(order._id),
    onSuccess: (file, order) => saveFile(file, text.invoiceFile(order.invoiceNumber ?? order._id)),
    onError: (error) => toast.error(error.message),
  });

  const actions = {
    onShip: setShipping,
    onDelete: setDeleting,
    onInvoice: (order: Order) => invoice.mutate(order),
    shippingId: ship.isPending ? (ship.variables?.order._id ?? null) : null,
    deletingId: remove.isPending ? (remove.variables?._id ?? null) : null,
    invoiceId: invoice.isPending ? (invoice.variables?._id ?? null) : null,
    onRecordCores: setRecording,
    selected,
    onSelect: (order: Order, tick: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (tick) next.set(order._id, order);
        else next.delete(order._id);
        return next;
      }),
  };

  return (
    <section aria-labelledby="manage-orders-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <h2
        ref={heading}
        id="manage-orders-heading"
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none sm:text-3xl"
      >
        {dashboardText.manageAllOrders}
      </h2>
      <ListTools>
        <SearchBox
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={filters.q ?? ''}
          onSearch={(search, options) => address.setFilters({ q: search }, options)}
        />
        <DateRange
          from={filters.from ?? ''}
          to={filters.to ?? ''}
          onChange={(range) => address.setFilters(range)}
        />
        <ChoiceFilter
          label={adminText.tools.sort}
          value={sort}
          choices={text.sorts}
          onChange={(value) => address.setFilters({ sort: value })}
        />
        <Suspense fallback={null}>
          <ExportOrdersButton filters={{ ...filters, state: state || undefined }} />
        </Suspense>
      </ListTools>
      <StateTabs
        value={state}
        counts={counts}
        onChange={(value) => address.setFilters({ state: value })}
      />
      <Suspense fallback={null}>
        <BulkShip
          orders={orders}
          selected={selected}
          onSelect={setSelected}
          onShipped={(shipped) => {
            showShipped(shipped);
            invalidateOrders();
          }}
        />
      </Suspense>
      <ListBody
        loading={isPending}
        failed={isError}
        count={orders.length}
        busy={isPlaceholderData}
        text={text}
        filtered={Boolean(filters.q || filters.from || filters.to || state)}
        onRetry={() => refetch()}
        onClear={() => address.setFilters({ q: '', from: '', to: '', state: '' })}
        emptyAction={
          <Link to="/dashboard/addproduct" className="btn btn-outline">
            {adminText.next.addParts}
          </Link>
        }
      >
        {/* Seven columns fit beside the menu only on a wide screen: cards up to there. */}
        <div className="hidden xl:block">
          <OrdersTable orders={orders} {...actions} />
        </div>
        <div className="xl:hidden">
          <OrderCards orders={orders} {...actions} />
        </div>
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? text.confirmTitle(deleting.number) : ''}
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
            {text.confirmBody(
              deleting.number,
              deleting.name,
              deleting.email,
              text.holds(deleting.lineCount, deleting.quantity, deleting.parts),
              catalogStrings.formatPrice(deleting.total),
            )}
          </p>
        ) : null}
      </ConfirmDialog>
      <Suspense fallback={null}>
        <ShipDialog
          order={shipping}
          busy={ship.isPending}
          onShip={(trackingNumber) => {
            if (shipping) ship.mutate({ order: shipping, trackingNumber });
          }}
          onCancel={() => setShipping(null)}
        />
        <CoreReturnDialog
          order={recording}
          onDone={(order) => {
            focusHeading.current = !coresOwed(order);
            setRecording(null);
          }}
          onCancel={() => setRecording(null)}
        />
      </Suspense>
      {deleted ? (
        <Suspense fallback={null}>
          <DeletedDialog
            open
            onClose={() => {
              focusHeading.current = true;
              setDeleted(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
