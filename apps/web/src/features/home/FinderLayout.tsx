import type { ReactNode } from 'react';
import { homeStrings } from './strings.ts';

const t = homeStrings.finder;

/** Each row: its heading above it on a phone, beside it on a wide screen (the rows align). */
const row =
  'flex flex-col gap-3 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-center lg:gap-8';

type Props = {
  /** The search box. */
  search: ReactNode;
  /** The vehicle picker, with a signed-in customer's garage. */
  vehicle: ReactNode;
};

/**
 * The home page's first screen (issue 30 #7): the page's heading with the search box, and the
 * vehicle picker under its own. The same frame holds their stand-ins while their code loads, at
 * their height, so nothing below moves when they arrive.
 */
export function FinderLayout({ search, vehicle }: Props) {
  return (
    <section aria-labelledby="finder-heading" className="border-b border-base-300 bg-base-200">
      <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-5 sm:py-6">
        <div className={row}>
          <h1 id="finder-heading" className="text-2xl font-bold sm:text-3xl">
            {t.heading}
          </h1>
          <div className="min-h-22">{search}</div>
        </div>
        <section aria-labelledby="finder-vehicle-heading" className={row}>
          <h2 id="finder-vehicle-heading" className="text-lg font-semibold">
            {t.vehicleHeading}
          </h2>
          <div className="flex min-h-48 flex-col gap-3 md:min-h-16">{vehicle}</div>
        </section>
      </div>
    </section>
  );
}

/** A stand-in of a control that is loading: a box of its size, and what is loading in words. */
function Loading({ label, className }: { label: string; className: string }) {
  return (
    <div role="status" className={`skeleton ${className}`}>
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The search box's stand-in, where its box will be (below its label). */
export const searchLoading = <Loading label={t.loadingSearch} className="mt-6 h-10 w-full" />;

/** The picker's stand-in: its choices, two rows and a button on a phone, one row wider. */
export const pickerLoading = <Loading label={t.loadingPicker} className="h-48 w-full md:h-16" />;

/** The first screen as it shows while its search box and picker load. */
export function FinderPlaceholder() {
  return <FinderLayout search={searchLoading} vehicle={pickerLoading} />;
}
