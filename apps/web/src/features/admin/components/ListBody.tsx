import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { adminText } from '../strings.ts';
import { LoadFailed, Loading } from './LoadState.tsx';

type ListBodyProps = {
  loading: boolean;
  failed: boolean;
  /** Rows of the current page (read only once neither loading nor failed). */
  count: number;
  /** While another page or search loads in place of the rows on screen. */
  busy: boolean;
  text: { loading: string; loadFailed: string; empty: string };
  /** Whether a search or a filter is on (then "nothing matches" rather than "no rows yet"). */
  filtered: boolean;
  onRetry: () => void;
  onClear: () => void;
  /** The next step from a list that holds nothing yet (a link to where its rows come from). */
  emptyAction?: ReactNode;
  children: ReactNode;
};

/** An admin list's rows, or why there are none: loading, failed, empty or nothing matches. */
export function ListBody({
  loading,
  failed,
  count,
  busy,
  text,
  filtered,
  onRetry,
  onClear,
  emptyAction,
  children,
}: ListBodyProps) {
  if (loading) return <Loading label={text.loading} />;
  if (failed) return <LoadFailed message={text.loadFailed} onRetry={onRetry} />;
  if (count === 0 && filtered) {
    return (
      <EmptyState
        action={
          <button type="button" className="btn btn-outline" onClick={onClear}>
            {adminText.tools.clear}
          </button>
        }
      >
        {adminText.tools.noMatch}
      </EmptyState>
    );
  }
  if (count === 0) return <EmptyState action={emptyAction}>{text.empty}</EmptyState>;
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : undefined}>
      {children}
    </div>
  );
}
