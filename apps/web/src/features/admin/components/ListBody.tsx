import type { ReactNode } from 'react';
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
  children,
}: ListBodyProps) {
  if (loading) return <Loading label={text.loading} />;
  if (failed) return <LoadFailed message={text.loadFailed} onRetry={onRetry} />;
  if (count === 0 && filtered) {
    return (
      <div className="flex flex-col items-start gap-4 py-8">
        <p className="text-lg">{adminText.tools.noMatch}</p>
        <button type="button" className="btn btn-outline" onClick={onClear}>
          {adminText.tools.clear}
        </button>
      </div>
    );
  }
  if (count === 0) return <p className="py-8 text-lg">{text.empty}</p>;
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : undefined}>
      {children}
    </div>
  );
}
