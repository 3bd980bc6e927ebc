type CountTab = { value: string; label: string; count: number | undefined };

type CountTabsProps = {
  /** What the tabs choose, for screen readers (the fieldset's legend). */
  legend: string;
  tabs: readonly CountTab[];
  /** The chosen tab's value ('' for all). */
  value: string;
  /** A count's words ("12", "1,000+"). */
  countText: (count: number) => string;
  onChange: (value: string) => void;
};

/**
 * The admin lists' state tabs, each with its count once known: buttons that say which one is on.
 * On a phone they wrap onto a second row rather than scroll inside a box (`min-w-0`: a fieldset is
 * otherwise as wide as its content, and counts of two digits pushed the page wider than a 375 px
 * screen).
 */
export function CountTabs({ legend, tabs, value, countText, onChange }: CountTabsProps) {
  return (
    <fieldset className="tabs tabs-box w-full min-w-0 flex-wrap sm:w-fit">
      <legend className="sr-only">{legend}</legend>
      {tabs.map((tab) => {
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
            {tab.count === undefined ? null : (
              <>
                {' '}
                <span className="badge badge-sm ml-2">{countText(tab.count)}</span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
