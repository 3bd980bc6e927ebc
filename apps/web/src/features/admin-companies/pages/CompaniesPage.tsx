import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { ListBody, ListTools } from '../../admin/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { companiesPageQuery } from '../api.ts';
import { CompaniesList } from '../components/CompaniesList.tsx';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.companies;

/**
 * The shop's companies (issue 18 #6, PRODUCT §8): legal name, tax id, how many people, whether it
 * pays on account, the credit it uses of its limit and its terms; a company's name opens its page.
 * Searched by legal name or tax id and paged by the server (PRODUCT §5), kept in the address.
 */
export default function CompaniesPage() {
  const address = useListAddress();
  const q = address.value('q');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    companiesPageQuery({ q: q || undefined, limit: address.limit, cursor: address.cursor }),
  );
  const companies = data?.rows ?? [];

  return (
    <section aria-labelledby="companies-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2 id="companies-heading" className="text-2xl font-bold sm:text-3xl">
          {dashboardText.companies}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <ListTools>
        <SearchBox
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onSearch={(search, options) => address.setFilters({ q: search }, options)}
        />
      </ListTools>
      <ListBody
        loading={isPending}
        failed={isError}
        count={companies.length}
        busy={isPlaceholderData}
        text={text}
        filtered={q !== ''}
        onRetry={() => refetch()}
        onClear={() => address.setFilters({ q: '' })}
      >
        <CompaniesList companies={companies} />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
    </section>
  );
}
