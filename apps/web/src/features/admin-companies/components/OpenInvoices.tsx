import { useRef } from 'react';
import { useListAddress } from '../../../lib/list-address.ts';
import { type AdminCompanyDetail, openInvoicesPageQuery } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';
import { InvoicesToSettle } from './InvoicesToSettle.tsx';

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
  const heading = useRef<HTMLHeadingElement>(null);

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
      <InvoicesToSettle kind="open" query={query} address={address} text={text} heading={heading} />
    </section>
  );
}
