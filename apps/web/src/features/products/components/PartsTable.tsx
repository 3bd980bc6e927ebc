import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { PARTS_TABLE_PAGE_SIZE, type Part, partsTablePageQuery } from '../api.ts';
import { productsText as text } from '../strings.ts';

/**
 * The catalogue a page at a time, newest first or searched by words, each part with an Edit
 * button that opens it in the form above. The search and the page are kept in the page's address
 * (PRODUCT §5), so a reload, a shared link and Back show the same parts.
 */
export function PartsTable({ onEdit }: { onEdit: (part: Part) => void }) {
  const address = useListAddress({ pagedBy: 'page', pageSize: PARTS_TABLE_PAGE_SIZE });
  const search = address.value('q');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    partsTablePageQuery({
      search: search || undefined,
      // The first page is asked for without `page`, as the reply cache knows it.
      page: address.page > 1 ? String(address.page) : undefined,
      limit: address.limit ?? String(PARTS_TABLE_PAGE_SIZE),
    }),
  );

  // A page past the end (an old link, fewer parts now): the first page instead, in its place.
  const pastTheEnd = data !== undefined && !isPlaceholderData && data.rows.length === 0;
  const { page, setFilters } = address;
  useEffect(() => {
    if (pastTheEnd && page > 1) setFilters({}, { replace: true });
  }, [pastTheEnd, page, setFilters]);

  return (
    <section aria-labelledby="parts-table-heading" className="flex flex-col gap-4">
      <h3 id="parts-table-heading" className="text-xl font-semibold">
        {text.listHeading}
      </h3>
      <div className="max-w-2xl">
        <SearchBox
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={search}
          onSearch={(next, options) => address.setFilters({ q: next }, options)}
        />
      </div>
      {isPending ? (
        <Spinner label={text.loading} />
      ) : isError ? (
        <LoadFailed
          stacked
          message={text.loadFailed}
          retryLabel={text.retry}
          onRetry={() => void refetch()}
        />
      ) : data.rows.length === 0 && search !== '' ? (
        <div className="flex flex-col items-start gap-4 py-4">
          <p className="text-lg">{text.noMatch(search)}</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => address.setFilters({ q: '' })}
          >
            {text.clearSearch}
          </button>
        </div>
      ) : data.rows.length === 0 ? (
        <p className="py-4 text-lg">{text.noParts}</p>
      ) : (
        <div
          aria-busy={isPlaceholderData}
          className={`overflow-x-auto rounded-box border border-base-300 ${isPlaceholderData ? 'opacity-70 transition-opacity' : ''}`}
        >
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{text.columns.picture}</th>
                <th scope="col">{text.columns.name}</th>
                <th scope="col" className="text-right">
                  {text.columns.stock}
                </th>
                <th scope="col" className="text-right">
                  {text.columns.minimum}
                </th>
                <th scope="col" className="text-right">
                  {text.columns.price}
                </th>
                <th scope="col">{text.columns.action}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((part) => (
                <tr key={part._id}>
                  <td>
                    {part.img ? (
                      <img
                        src={part.img}
                        alt=""
                        width={60}
                        height={40}
                        loading="lazy"
                        className="h-10 w-15 rounded object-cover"
                      />
                    ) : (
                      <span className="text-xs">{text.noPicture}</span>
                    )}
                  </td>
                  <th scope="row" className="font-medium">
                    {part.name}
                  </th>
                  <td className="text-right tabular-nums">{part.availableQuantity}</td>
                  <td className="text-right tabular-nums">{part.minimumQuantity}</td>
                  <td className="text-right tabular-nums">{text.formatPrice(part.price)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={text.editLabel(part.name)}
                      onClick={() => onEdit(part)}
                    >
                      {text.edit}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && !isError ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
    </section>
  );
}
