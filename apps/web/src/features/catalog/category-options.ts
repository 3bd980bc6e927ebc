import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from './search-api.ts';

/**
 * The category tree as options for a select: each labelled with its path ("Brakes › Brake pads"),
 * sorted by those labels; the part form and a company's price list choose categories with it.
 */
export function useCategoryOptions() {
  const tree = useQuery(categoriesQuery());
  const byId = new Map((tree.data ?? []).map((category) => [category.id, category]));
  const pathOf = (id: string): string[] => {
    const names: string[] = [];
    for (let at = byId.get(id); at && names.length < 20; at = byId.get(at.parentId ?? ''))
      names.unshift(at.name);
    return names;
  };
  const options = (tree.data ?? [])
    .map((category) => ({ id: category.id, label: pathOf(category.id).join(' › ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { options, loaded: tree.isSuccess, failed: tree.isError, loading: tree.isPending };
}
