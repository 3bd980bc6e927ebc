import type { Company } from '@axle/contract';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { AddressText } from '../../addresses/index.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.details;

/**
 * The company as its invoices name it: legal name, tax/VAT id and billing address; and how it pays
 * (by card, or on account up to a credit limit, issue 18 #4).
 */
export function CompanyDetails({ company }: { company: Company }) {
  return (
    <section
      aria-labelledby="company-name-heading"
      className="card bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h3 id="company-name-heading" className="text-lg font-semibold break-words">
          <span className="sr-only">{text.label}: </span>
          {company.legalName}
        </h3>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{text.taxId}</dt>
          <dd className="font-mono">
            <Breakable text={company.taxId} />
          </dd>
          <dt className="font-medium">{text.billingAddress}</dt>
          <dd>
            <AddressText address={company.billingAddress} />
          </dd>
          <dt className="font-medium">{text.yourRole}</dt>
          <dd>{companiesText.roles[company.role]}</dd>
          <dt className="font-medium">{text.since}</dt>
          <dd>{companiesText.date(company.createdAt)}</dd>
          <dt className="font-medium">{text.payment}</dt>
          <dd>
            {company.account.onAccount
              ? companiesText.account.onAccount(company.account)
              : companiesText.account.byCard}
          </dd>
        </dl>
      </div>
    </section>
  );
}
