import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { Pager } from '../../../components/ui/Pager.tsx';
import type { ListAddress } from '../../../lib/list-address.ts';
import type { ListPage } from '../../../lib/list-page.ts';
import { ListBody } from '../../admin/index.ts';
import type { Order } from '../api.ts';
import { type InvoiceKind, InvoiceList } from './InvoiceList.tsx';
import { useSettleInvoice } from './useSettleInvoice.tsx';

type InvoicesToSettleProps<Key extends QueryKey> = {
  kind: InvoiceKind;
  /** The page of invoices to show (a company's open ones, or every overdue one). */
  query: UseQueryOptions<ListPage<Order>, Error, ListPage<Order>, Key>;
  address: ListAddress;
  text: { loading: string; loadFailed: string; empty: string };
  /** Takes the focus once a settled invoice has left the list. */
  heading: RefObject<HTMLElement | null>;
  /** The next step from an empty list. */
  emptyAction?: ReactNode;
};

/**
 * A page of invoices on account with Record payment on each, its pager and the payment dialog:
 * the company page's open invoices and the Overdue invoices page show them alike.
 */
export function InvoicesToSettle<Key extends QueryKey>({
  kind,
  query,
  address,
  text,
  heading,
  emptyAction,
}: InvoicesToSettleProps<Key>) {
  const { data, dataUpdatedAt, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const settle = useSettleInvoice(query.queryKey, heading);
  return (
    <>
      <ListBody
        loading={isPending}
        failed={isError}
        count={data?.rows.length ?? 0}
        busy={isPlaceholderData}
        text={text}
        filtered={false}
        onRetry={() => refetch()}
        onClear={() => undefined}
        emptyAction={emptyAction}
      >
        <InvoiceList
          kind={kind}
          orders={data?.rows ?? []}
          now={dataUpdatedAt}
          {...settle.actions}
        />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
      {settle.dialog}
    </>
  );
}
