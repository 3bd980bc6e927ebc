import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { browseStrings as t } from '../browse-strings.ts';
import { PartSearch } from '../components/PartSearch.tsx';
import { categoryPath } from '../paths.ts';
import { categoriesQuery } from '../search-api.ts';

/**
 * A category's page (issue 16 #5), at /categories/{slug}: where it sits in the tree, the
 * categories below it, and the search over its parts and theirs.
 */
export default function CategoryPage() {
  const slug = useParams().slug ?? '';
  const tree = useQuery(categoriesQuery());

  if (tree.isPending)
    return (
      <div className="mx-auto max-w-7xl p-6">
        <Spinner label={t.loadingCategory} />
      </div>
    );
  if (tree.isError)
    return (
      <div className="mx-auto max-w-7xl p-6">
        <LoadFailed message={t.categoryLoadFailed} retryLabel={t.retry} onRetry={tree.refetch} />
      </div>
    );

  const category = tree.data.find((entry) => entry.slug === slug);
  if (!category)
    return (
      <div className="mx-auto max-w-7xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">{t.noSuchCategory}</h1>
        <Link to="/parts" className="link">
          {t.backToParts}
        </Link>
      </div>
    );

  const byId = new Map(tree.data.map((entry) => [entry.id, entry]));
  const path = [category];
  for (let up = byId.get(category.parentId ?? ''); up && path.length < 20; ) {
    path.unshift(up);
    up = byId.get(up.parentId ?? '');
  }
  const below = tree.data.filter((entry) => entry.parentId === category.id);

  return (
    // A new category is a new search: its own facets, page and box.
    <PartSearch key={category.id} scope={{ category: category.id }} emptyScope={t.noParts}>
      <title>{t.categoryTitle(category.name)}</title>
      <nav aria-label={t.breadcrumb} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/parts">{t.partsHeading}</Link>
          </li>
          {path.map((step) => (
            <li key={step.id}>
              {step === category ? (
                <span aria-current="page">{step.name}</span>
              ) : (
                <Link to={categoryPath(step.slug)}>{step.name}</Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-base-content/90">{t.categoryIntro(category.name)}</p>
      {below.length > 0 ? (
        <nav aria-label={t.subcategories} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {below.map((child) => (
              <li key={child.id}>
                <Link to={categoryPath(child.slug)} className="btn btn-sm btn-outline">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </PartSearch>
  );
}
