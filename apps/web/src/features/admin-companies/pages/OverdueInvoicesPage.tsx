import { useRef } from 'react';
import { Link } from 'react-router';
import { useListAddress } from '../../../lib/list-address.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { overduePageQuery } from '../api.ts';
import { InvoicesToSettle } from '../components/InvoicesToSettle.tsx';
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
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="overdue-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2
          ref={heading}
          id="overdue-heading"
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {dashboardText.overdueInvoices}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <InvoicesToSettle
        kind="overdue"
        query={query}
        address={address}
        text={text}
        heading={heading}
        emptyAction={
          <Link to="/dashboard/companies" className="btn btn-outline">
            {text.toCompanies}
          </Link>
        }
      />
    </section>
  );
}
