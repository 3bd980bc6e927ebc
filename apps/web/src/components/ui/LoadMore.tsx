import { ErrorText } from './ErrorText.tsx';
import { Spinner } from './Spinner.tsx';

type Props = {
  /** A paged query's state, as TanStack Query's `useInfiniteQuery` returns it. */
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** How many rows are shown, of how many (a live region). */
  status: string;
  text: { loadMore: string; loadingMore: string; moreFailed: string };
};

/**
 * The foot of a list read a page at a time: how much is shown, "Load more" while there is more,
 * and, when the next page failed, why (the rows shown stay).
 */
export function LoadMore({ query, status, text }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm text-base-content/80">
        {status}
      </p>
      {query.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? (
            <Spinner size="sm" label={text.loadingMore} />
          ) : (
            text.loadMore
          )}
        </button>
      ) : null}
      {query.isFetchNextPageError ? <ErrorText alert>{text.moreFailed}</ErrorText> : null}
    </div>
  );
}
