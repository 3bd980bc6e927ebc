import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { formatPrice } from '../../../lib/money.ts';
import type { AdminCompany } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.companies;

/** A link to a company's page, which leads back to the list as it was (search and page). */
type CompanyLink = { to: string; state: CompanyLinkState };
export type CompanyLinkState = { list: string };

function useCompanyLink() {
  const { search } = useLocation();
  return (company: AdminCompany): CompanyLink => ({
    to: `/dashboard/companies/${company._id}`,
    state: { list: search },
  });
}

const onAccountText = (company: AdminCompany) => (company.account.onAccount ? text.yes : text.no);
const creditText = (company: AdminCompany) =>
  text.creditOf(formatPrice(company.account.creditUsed), formatPrice(company.account.creditLimit));

/** Companies: a table on a wide screen, one card per company on a phone; each name opens it. */
export function CompaniesList({ companies }: { companies: AdminCompany[] }) {
  const linkTo = useCompanyLink();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.legalName}</th>
              <th scope="col">{text.taxId}</th>
              <th scope="col">{text.people}</th>
              <th scope="col">{text.onAccount}</th>
              <th scope="col">{text.creditUsed}</th>
              <th scope="col">{text.terms}</th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company._id}>
                <th scope="row" className="font-medium">
                  <Link {...linkTo(company)} className="link break-words">
                    {company.legalName}
                  </Link>
                </th>
                <td className="font-mono text-sm [overflow-wrap:anywhere]">{company.taxId}</td>
                <td>{text.peopleCount(company.memberCount)}</td>
                <td>{onAccountText(company)}</td>
                <td className="whitespace-nowrap">{creditText(company)}</td>
                <td className="whitespace-nowrap">{text.termsDays(company.account.termsDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 lg:hidden">
        {companies.map((company) => (
          <li key={company._id}>
            <CompanyCard company={company} to={linkTo(company)} />
          </li>
        ))}
      </ul>
    </>
  );
}

function CompanyCard({ company, to }: { company: AdminCompany; to: CompanyLink }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          <Link {...to} className="link break-words">
            {company.legalName}
          </Link>
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.taxId}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{company.taxId}</dd>
          <dt className="font-medium">{text.people}</dt>
          <dd>{text.peopleCount(company.memberCount)}</dd>
          <dt className="font-medium">{text.onAccount}</dt>
          <dd>{onAccountText(company)}</dd>
          <dt className="font-medium">{text.creditUsed}</dt>
          <dd>{creditText(company)}</dd>
          <dt className="font-medium">{text.terms}</dt>
          <dd>{text.termsDays(company.account.termsDays)}</dd>
        </dl>
      </div>
    </article>
  );
}
