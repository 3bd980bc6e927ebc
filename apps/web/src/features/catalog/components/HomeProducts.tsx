import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { FullScreenSpinner } from '../../../components/ui/Spinner.tsx';
import { homePartsQuery } from '../api.ts';
import { homeListStrings as t } from '../home-list-strings.ts';
import type { PartGrid as Grid } from './PartGrid.tsx';

/*
 * The cards (with their prices, a company member's own, and Add to cart) come in the catalogue's
 * chunk, fetched as the list is shown, beside its parts: the home page's first JavaScript does not
 * carry them (docs/decisions/008). Once the chunk has arrived the grid renders at once, without
 * suspending (React would hold content that replaces a fallback for 300 ms).
 */
let LoadedGrid: typeof Grid | undefined;
const loadGrid = () =>
  import('./PartGrid.tsx').then((module) => {
    LoadedGrid = module.PartGrid;
    return { default: module.PartGrid };
  });
const LazyGrid = lazy(loadGrid);

function PartGrid(props: ComponentProps<typeof Grid>) {
  return LoadedGrid ? <LoadedGrid {...props} /> : <LazyGrid {...props} />;
}

/** 'All of our products': the first 6 parts; a failed request renders an empty list (SPEC §8). */
export function HomeProducts() {
  const { data, isPending } = useQuery(homePartsQuery());
  const parts = data ?? [];
  // The cards' code loads while the parts do.
  useEffect(() => {
    if (!LoadedGrid) void loadGrid().catch(() => undefined);
  }, []);
  const spinner = <FullScreenSpinner label={t.loadingParts} />;

  return (
    <section
      aria-labelledby="home-products-heading"
      className="mx-auto max-w-7xl px-4 pt-8 pb-12 sm:pt-10"
    >
      <h2 id="home-products-heading" className="mb-4 text-center text-xl font-semibold sm:mb-6">
        {t.heading}
      </h2>
      {isPending ? (
        spinner
      ) : (
        <Suspense fallback={spinner}>
          <PartGrid parts={parts} />
        </Suspense>
      )}
      <p className="mt-8 text-center">
        <Link to="/parts" className="btn btn-outline">
          {t.seeAllParts}
        </Link>
      </p>
    </section>
  );
}
