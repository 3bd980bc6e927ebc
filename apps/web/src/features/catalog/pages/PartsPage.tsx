import { browseStrings as t } from '../browse-strings.ts';
import { PartSearch } from '../components/PartSearch.tsx';

/**
 * /parts (PRODUCT §4 'All parts', issue 16 #5): the whole catalogue, searched, narrowed by brand,
 * category, stock and the customer's vehicle, and paged.
 */
export default function PartsPage() {
  return (
    <PartSearch emptyScope={t.noParts}>
      <title>{t.partsTitle}</title>
      <h1 className="text-3xl font-bold">{t.partsHeading}</h1>
      <p className="mt-2 text-base-content/90">{t.partsIntro}</p>
    </PartSearch>
  );
}
