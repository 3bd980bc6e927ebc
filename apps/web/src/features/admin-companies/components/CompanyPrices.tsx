import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/money.ts';
import { LoadFailed, Loading } from '../../admin/index.ts';
import { type AdminCompanyDetail, type CompanyPriceList, companyPricesQuery } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';
import { CompanyPricesForm } from './CompanyPricesForm.tsx';

const text = adminCompaniesText.prices;

/**
 * A company's own prices (issue 18 #5): its percentages off by category and fixed prices by part
 * as they stand, and the form that replaces them.
 */
export function CompanyPrices({ company }: { company: AdminCompanyDetail }) {
  const prices = useQuery(companyPricesQuery(company._id));
  return (
    <section
      aria-labelledby="company-prices-heading"
      className="card bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id="company-prices-heading" className="card-title">
          {text.heading}
        </h3>
        <p className="max-w-3xl text-sm text-base-content/80">{text.intro}</p>
        {prices.isPending ? (
          <Loading label={text.loading} />
        ) : prices.isError ? (
          <LoadFailed message={text.loadFailed} onRetry={() => prices.refetch()} />
        ) : (
          <>
            <PriceList list={prices.data} />
            <h4 id="company-prices-form-heading" className="text-lg font-semibold">
              {text.changeHeading}
            </h4>
            <CompanyPricesForm company={company} list={prices.data} />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The price list as saved: two short tables (a category or a part per row), whose words wrap on a
 * phone rather than scroll inside a box.
 */
function PriceList({ list }: { list: CompanyPriceList }) {
  if (list.categories.length === 0 && list.parts.length === 0)
    return <p className="text-base-content/80">{text.none}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {list.categories.length > 0 ? (
        <div className="flex min-w-0 flex-col gap-2">
          <h4 id="company-discounts-heading" className="font-semibold">
            {text.categoriesHeading}
          </h4>
          <div className="rounded-box ring-1 ring-base-300">
            <table className="table table-sm" aria-labelledby="company-discounts-heading">
              <thead>
                <tr>
                  <th scope="col">{text.category}</th>
                  <th scope="col" className="text-right">
                    {text.percentOff}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.categories.map((line) => (
                  <tr key={line.categoryId}>
                    <th scope="row" className="break-words font-normal">
                      {line.name}
                    </th>
                    <td className="whitespace-nowrap text-right">
                      {text.percentText(line.percentOff)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {list.parts.length > 0 ? (
        <div className="flex min-w-0 flex-col gap-2">
          <h4 id="company-fixed-heading" className="font-semibold">
            {text.partsHeading}
          </h4>
          <div className="rounded-box ring-1 ring-base-300">
            <table className="table table-sm" aria-labelledby="company-fixed-heading">
              <thead>
                <tr>
                  <th scope="col">{text.partNumber}</th>
                  <th scope="col">{text.name}</th>
                  <th scope="col" className="text-right">
                    {text.fixedPrice}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.parts.map((line) => (
                  <tr key={line.partId}>
                    <th scope="row" className="font-mono font-normal [overflow-wrap:anywhere]">
                      {line.partNumber}
                    </th>
                    <td className="break-words">{line.name}</td>
                    <td className="whitespace-nowrap text-right">{formatPrice(line.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}
