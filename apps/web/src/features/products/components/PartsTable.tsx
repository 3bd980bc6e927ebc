import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { itemsQuery } from '../../catalog/index.ts';
import type { Part } from '../api.ts';
import { productsText as text } from '../strings.ts';

/** Every part, newest first, each with an Edit button that opens it in the form above. */
export function PartsTable({ onEdit }: { onEdit: (part: Part) => void }) {
  const { data, isPending, isError, refetch } = useQuery(itemsQuery());

  return (
    <section aria-labelledby="parts-table-heading" className="flex flex-col gap-4">
      <h3 id="parts-table-heading" className="text-xl font-semibold">
        {text.listHeading}
      </h3>
      {isPending ? (
        <Spinner label={text.loading} />
      ) : isError ? (
        <LoadFailed
          stacked
          message={text.loadFailed}
          retryLabel={text.retry}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
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
              {data.map((part) => (
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
    </section>
  );
}
