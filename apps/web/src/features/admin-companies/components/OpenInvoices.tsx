import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { ListBody } from '../../admin/index.ts';
import { type AdminCompanyDetail, openInvoicesPageQuery } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';
import { InvoiceList } from './InvoiceList.tsx';
import { useSettleInvoice } from './useSettleInvoice.tsx';

const text = adminCompaniesText.invoices;

/**
 * A company's open invoices on account (issue 18 #4): invoice number, who placed the order, total,
 * due date and whether it is overdue, the oldest due first, paged by the server and kept in the
 * page's address (PRODUCT §5). Record payment settles one: it leaves the list and the company's
 * credit used above goes down by its total.
 */
export function OpenInvoices({ company }: { company: AdminCompanyDetail }) {
  const address = useListAddress();
  const query = openInvoicesPageQuery(company._id, {
    limit: address.limit,
    cursor: address.cursor,
  });
  const { data, dataUpdatedAt, isPending, isError, isPlaceholderData, refetch } = useQuery(query);
  const heading = useRef<HTMLHeadingElement>(null);
  const settle = useSettleInvoice(query.queryKey, heading);

  return (
    <section aria-labelledby="company-invoices-heading" className="flex flex-col gap-3">
      <h3
        ref={heading}
        id="company-invoices-heading"
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {text.heading}
      </h3>
      <p className="max-w-3xl text-sm text-base-content/80">{text.intro}</p>
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
          kind="open"
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
