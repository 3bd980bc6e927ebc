import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FullScreenSpinner } from '../../../components/ui/Spinner.tsx';
import { homePartsQuery } from '../api.ts';
import { catalogStrings as t } from '../strings.ts';
import { PartGrid } from './PartGrid.tsx';

/** 'All of our products': the first 6 parts; a failed request renders an empty list (SPEC §8). */
export function HomeProducts() {
  const { data, isPending } = useQuery(homePartsQuery());
  const parts = data ?? [];

  return (
    <section aria-labelledby="home-products-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="home-products-heading" className="mb-8 text-center text-3xl font-bold">
        {t.homeListHeading}
      </h2>
      {isPending ? <FullScreenSpinner label={t.loadingParts} /> : <PartGrid parts={parts} />}
      <p className="mt-8 text-center">
        <Link to="/parts" className="btn btn-outline">
          {t.seeAllParts}
        </Link>
      </p>
    </section>
  );
}
