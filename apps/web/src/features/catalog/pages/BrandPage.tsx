import { Link, useParams } from 'react-router';
import { browseStrings as t } from '../browse-strings.ts';
import { PartSearch } from '../components/PartSearch.tsx';

/** A brand's page (issue 16 #5), at /brands/{name}: the search over that brand's parts. */
export default function BrandPage() {
  const brand = useParams().brand ?? '';
  return (
    // A new brand is a new search: its own facets, page and box.
    <PartSearch key={brand} scope={{ brand }} emptyScope={t.noBrandParts(brand)}>
      <title>{t.brandTitle(brand)}</title>
      <nav aria-label={t.breadcrumb} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/parts">{t.partsHeading}</Link>
          </li>
          <li>
            <span aria-current="page">{brand}</span>
          </li>
        </ul>
      </nav>
      <h1 className="text-3xl font-bold">{brand}</h1>
      <p className="mt-2 text-base-content/90">{t.brandIntro(brand)}</p>
    </PartSearch>
  );
}
