import type { StuckJobList } from '../api.ts';
import { adminText } from '../strings.ts';
import { CountTabs } from './CountTabs.tsx';

const text = adminText.jobs;

type JobFilterProps = {
  /** The chosen state ('' for every stuck job). */
  value: string;
  /** How many jobs are retrying and how many failed; undefined until known. */
  counts: StuckJobList['counts'] | undefined;
  onChange: (state: string) => void;
};

/** Which stuck jobs the list shows, as Manage All Orders' state tabs. */
export function JobFilter({ value, counts, onChange }: JobFilterProps) {
  const tabs = text.filters.map((tab) => ({
    ...tab,
    count: tab.value === 'retrying' || tab.value === 'dead' ? counts?.[tab.value] : undefined,
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
