import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { ListBody } from '../../admin/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { overduePageQuery } from '../api.ts';
import { InvoiceList } from '../components/InvoiceList.tsx';
import { useSettleInvoice } from '../components/useSettleInvoice.tsx';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.overdue;

/**
 * The overdue invoices on account (issue 18 #4): invoice number, who ordered, total, due date and
 * how long it is overdue, the oldest due first, paged by the server (PRODUCT §5). Record payment
 * asks for the payment's reference; the invoice is then settled, leaves the list, and what its
 * company owes goes down by its total.
 */
export default function OverdueInvoicesPage() {
  const address = useListAddress();
  const query = overduePageQuery({ limit: address.limit, cursor: address.cursor });
  const { data, dataUpdatedAt, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const heading = useRef<HTMLHeadingElement>(null);
  const settle = useSettleInvoice(query.queryKey, heading);

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
        count={data?.rows.length ?? 0}
        busy={isPlaceholderData}
        text={text}
        filtered={false}
        onRetry={() => refetch()}
        onClear={() => undefined}
      >
        <InvoiceList
          kind="overdue"
          orders={data?.rows ?? []}
          now={dataUpdatedAt}
          {...settle.actions}
        />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
      {settle.dialog}
    </section>
  );
}
