import type { OrderStateCounts } from '../api.ts';
import { adminText } from '../strings.ts';
import { CountTabs } from './CountTabs.tsx';

const text = adminText.orders;

type StateTabsProps = {
  /** The chosen state ('' for every order). */
  value: string;
  /** How many orders each tab holds under the other filters; undefined until known. */
  counts: OrderStateCounts | undefined;
  onChange: (state: string) => void;
};

/** Manage All Orders' state tabs, each with its count. */
export function StateTabs({ value, counts, onChange }: StateTabsProps) {
  const tabs = text.stateTabs.map((tab) => ({
    ...tab,
    count: counts?.[tab.value === '' ? 'all' : tab.value],
  }));
  return (
    <CountTabs
      legend={text.states}
      tabs={tabs}
      value={value}
      countText={text.stateCount}
      onChange={onChange}
    />
  );
}
