import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { PARTS_TABLE_PAGE_SIZE, type Part, partsTablePageQuery } from '../api.ts';
import { partsTableText as text } from '../parts-table-strings.ts';

/**
 * The catalogue a page at a time, newest first or searched by words, each part with an Edit
 * button that opens it in the form above: a table on a wider screen, one card per part on a phone.
 * The search and the page are kept in the page's address (PRODUCT §5), so a reload, a shared link
 * and Back show the same parts.
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
        <EmptyState
          action={
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => address.setFilters({ q: '' })}
            >
              {text.clearSearch}
            </button>
          }
        >
          {text.noMatch(search)}
        </EmptyState>
      ) : data.rows.length === 0 ? (
        <EmptyState
          action={
            <Link to="/dashboard/catalogue" className="btn btn-outline">
              {text.importParts}
            </Link>
          }
        >
          {text.noParts}
        </EmptyState>
      ) : (
        <div
          aria-busy={isPlaceholderData}
          className={isPlaceholderData ? 'opacity-70 transition-opacity' : undefined}
        >
          <ul aria-label={text.list} className="flex flex-col gap-4 sm:hidden">
            {data.rows.map((part) => (
              <li key={part._id}>
                <PartCard part={part} onEdit={onEdit} />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 sm:block">
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
                        <Thumbnail src={part.img} />
                      ) : (
                        <span className="text-xs">{text.noPicture}</span>
                      )}
                    </td>
                    <th scope="row" className="break-words font-medium">
                      {part.name}
                    </th>
                    <td className="text-right tabular-nums">{part.availableQuantity}</td>
                    <td className="text-right tabular-nums">{part.minimumQuantity}</td>
                    <td className="text-right tabular-nums">{text.formatPrice(part.price)}</td>
                    <td>
                      <EditButton part={part} onEdit={onEdit} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {data && !isError ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
    </section>
  );
}

/** A part on a phone: its picture and name, stock, minimum and price, and Edit. */
function PartCard({ part, onEdit }: { part: Part; onEdit: (part: Part) => void }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-3">
        <div className="flex items-center gap-3">
          {part.img ? <Thumbnail src={part.img} /> : null}
          <h4 id={titleId} className="min-w-0 break-words text-lg font-semibold">
            {part.name}
          </h4>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.columns.stock}</dt>
          <dd className="tabular-nums">{part.availableQuantity}</dd>
          <dt className="font-medium">{text.columns.minimum}</dt>
          <dd className="tabular-nums">{part.minimumQuantity}</dd>
          <dt className="font-medium">{text.columns.price}</dt>
          <dd className="tabular-nums">{text.formatPrice(part.price)}</dd>
        </dl>
        <div className="card-actions justify-end">
          <EditButton part={part} onEdit={onEdit} />
        </div>
      </div>
    </article>
  );
}

/** A part's picture in a row or a card, on the light tile pictures have in both themes. */
function Thumbnail({ src }: { src: string }) {
  return (
    <span className="part-picture block h-10 w-15 shrink-0">
      <img
        src={src}
        alt=""
        width={60}
        height={40}
        loading="lazy"
        className="h-full w-full object-cover"
      />
    </span>
  );
}

/** Edit, named after the part for a screen reader among many. */
function EditButton({ part, onEdit }: { part: Part; onEdit: (part: Part) => void }) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      aria-label={text.editLabel(part.name)}
      onClick={() => onEdit(part)}
    >
      {text.edit}
    </button>
  );
}
