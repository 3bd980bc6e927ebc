import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { Spinner } from './Spinner.tsx';

type Props<T> = {
  /** A query's state, as TanStack Query's `useQuery` returns it. */
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  text: { loading: string; loadFailed: string; retry: string; empty: string };
  /** The next step from an empty list (a link to where things are added). */
  emptyAction?: ReactNode;
  /** The list, once it has loaded and holds something. */
  children: (items: T[]) => ReactNode;
};

/** A customer's own list: a spinner while it loads, the reason and a retry if it failed, a line when it is empty. */
export function ListLoad<T>({ query, text, emptyAction, children }: Props<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={text.loading} size="lg" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <LoadFailed
        message={text.loadFailed}
        retryLabel={text.retry}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState action={emptyAction}>{text.empty}</EmptyState>;
  return children(query.data);
}
