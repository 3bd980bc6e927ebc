import type { OrderStateCounts } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.orders;

type StateTabsProps = {
  /** The chosen state ('' for every order). */
  value: string;
  /** How many orders each tab holds under the other filters; undefined until known. */
  counts: OrderStateCounts | undefined;
  onChange: (state: string) => void;
};

/**
 * Manage All Orders' state tabs, each with its count: buttons that say which one is on. On a phone
 * they wrap onto a second row rather than scroll inside a box (`min-w-0`: a fieldset is otherwise
 * as wide as its content, and counts of two digits pushed the page wider than a 375 px screen).
 */
export function StateTabs({ value, counts, onChange }: StateTabsProps) {
  return (
    <fieldset className="tabs tabs-box w-full min-w-0 flex-wrap sm:w-fit">
      <legend className="sr-only">{text.states}</legend>
      {text.stateTabs.map((tab) => {
        const count = counts?.[tab.value === '' ? 'all' : tab.value];
        const active = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            aria-pressed={active}
            className={`tab whitespace-nowrap text-base-content ${active ? 'tab-active font-semibold' : ''}`}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
            {count === undefined ? null : (
              <>
                {' '}
                <span className="badge badge-sm ml-2">{text.stateCount(count)}</span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
