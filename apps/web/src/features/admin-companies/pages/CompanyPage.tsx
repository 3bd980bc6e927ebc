import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AddressText } from '../../addresses/index.ts';
import { LoadFailed, Loading } from '../../admin/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { type AdminCompanyDetail, companyQuery } from '../api.ts';
import { AccountFigures } from '../components/AccountFigures.tsx';
import type { CompanyLinkState } from '../components/CompaniesList.tsx';
import { CompanyMembers } from '../components/CompanyMembers.tsx';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.company;
const card = 'card bg-base-100 shadow-sm ring-1 ring-base-300';

/*
 * The page's forms and the sections below its first screen come in chunks of their own, fetched
 * as the company is shown: with them the form pattern (react-hook-form) and the price editor stay
 * out of the page's first load (docs/decisions/008).
 */
const CompanyAccountForm = lazy(() =>
  import('../components/CompanyAccountForm.tsx').then((m) => ({ default: m.CompanyAccountForm })),
);
const OpenInvoices = lazy(() =>
  import('../components/OpenInvoices.tsx').then((m) => ({ default: m.OpenInvoices })),
);
const CompanyPrices = lazy(() =>
  import('../components/CompanyPrices.tsx').then((m) => ({ default: m.CompanyPrices })),
);

/**
 * One company for the shop's admin (issue 18 #4-#6): its tax id and billing address, its people
 * with their roles and spending limits, its payment on account, which the admin allows (or stops)
 * with a credit limit and terms, its open invoices with their payments, and its own prices.
 */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const list = (state as CompanyLinkState | null)?.list ?? '';
  const company = useQuery(companyQuery(id));
  // A company that is gone, or an id that is no company's (a hand-edited address).
  const missing = company.error instanceof ApiError && [400, 404].includes(company.error.status);

  return (
    <section aria-labelledby="company-heading" className="flex flex-col gap-6">
      <title>
        {company.data ? text.title(company.data.legalName) : adminCompaniesText.companies.title}
      </title>
      <Link to={`/dashboard/companies${list}`} className="link self-start text-sm">
        <span aria-hidden="true">← </span>
        {text.back}
      </Link>
      <h2 id="company-heading" className="break-words text-2xl font-bold sm:text-3xl">
        {company.data?.legalName ?? dashboardText.companies}
      </h2>
      {company.isPending ? (
        <Loading label={text.loading} />
      ) : missing ? (
        <ErrorText alert className="text-base">
          {text.notFound}
        </ErrorText>
      ) : company.isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => company.refetch()} />
      ) : (
        <CompanyView company={company.data} />
      )}
    </section>
  );
}

function CompanyView({ company }: { company: AdminCompanyDetail }) {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="company-details-heading" className={card}>
          <div className="card-body gap-3 p-4 sm:p-6">
            <h3 id="company-details-heading" className="card-title">
              {text.details}
            </h3>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">{adminCompaniesText.companies.taxId}</dt>
              <dd className="font-mono [overflow-wrap:anywhere]">{company.taxId}</dd>
              <dt className="font-medium">{text.billingAddress}</dt>
              <dd>
                <AddressText address={company.billingAddress} />
              </dd>
              <dt className="font-medium">{text.created}</dt>
              <dd>
                <time dateTime={company.createdAt}>
                  {adminCompaniesText.companies.date(company.createdAt)}
                </time>
              </dd>
            </dl>
          </div>
        </section>
        <section aria-labelledby="company-account-heading" className={card}>
          <div className="card-body gap-4 p-4 sm:p-6">
            <h3 id="company-account-heading" className="card-title">
              {text.accountHeading}
            </h3>
            <AccountFigures account={company.account} />
          </div>
        </section>
      </div>
      <section aria-labelledby="company-account-form-heading" className={card}>
        <div className="card-body gap-4 p-4 sm:p-6">
          <h3 id="company-account-form-heading" className="card-title">
            {text.changeAccount}
          </h3>
          {/* A form per company: nothing typed for one company is left for the next. */}
          <Suspense fallback={<Spinner className="self-start" />}>
            <CompanyAccountForm key={company._id} company={company} />
          </Suspense>
        </div>
      </section>
      <section aria-labelledby="company-people-heading" className="flex flex-col gap-3">
        <h3 id="company-people-heading" className="text-xl font-semibold">
          {text.peopleHeading}
        </h3>
        <p className="text-sm text-base-content/80">
          {adminCompaniesText.companies.peopleCount(company.members.length)}
        </p>
        <CompanyMembers members={company.members} />
      </section>
      <Suspense fallback={<Loading label={adminCompaniesText.invoices.loading} />}>
        <OpenInvoices company={company} />
        <CompanyPrices key={company._id} company={company} />
      </Suspense>
    </>
  );
}
