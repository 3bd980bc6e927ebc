import type { SearchReply } from '@axle/contract';
import { useId, useState } from 'react';
import { browseStrings as t } from '../browse-strings.ts';

export type FacetChoice = { brand?: string | undefined; category?: string | undefined };

type Props = {
  facets: SearchReply['facets'];
  chosen: FacetChoice & { inStock: boolean };
  /** A brand's page lists no brands: they are all its own. */
  showBrands: boolean;
  onBrand: (brand: string | undefined) => void;
  onCategory: (category: string | undefined) => void;
  onInStock: (inStock: boolean) => void;
  onClear: () => void;
  /** A company member with fleet vehicles (issue 32 #5): only the parts that fit one of them. */
  fleet?: { on: boolean; onChange: (on: boolean) => void } | undefined;
};

type Entry = { key: string; name: string; count: number };

/** One facet: its values with how many matches each has, the chosen one pressed. */
function FacetList(props: {
  heading: string;
  entries: Entry[];
  chosen: string | undefined;
  onChoose: (key: string | undefined) => void;
}) {
  const id = useId();
  if (props.entries.length === 0) return null;
  return (
    <fieldset aria-labelledby={id} className="space-y-1">
      <legend id={id} className="mb-1 font-semibold">
        {props.heading}
      </legend>
      <ul className="space-y-1">
        {props.entries.map((entry) => {
          const pressed = props.chosen === entry.key;
          return (
            <li key={entry.key}>
              <button
                type="button"
                aria-pressed={pressed}
                className={`btn btn-sm w-full justify-between font-normal ${pressed ? 'btn-primary' : 'btn-ghost'}`}
                onClick={() => props.onChoose(pressed ? undefined : entry.key)}
              >
                <span className="truncate">{entry.name}</span>
                <span className="badge badge-sm">{entry.count}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The search's facets (issue 16 #4, #5): brands and categories of every match with their counts,
 * and stock. On a phone they fold under a button; from a large screen on they stand beside the
 * results.
 */
export function Facets(props: Props) {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const { chosen } = props;
  const anyChosen = Boolean(chosen.brand || chosen.category || chosen.inStock);
  return (
    <aside aria-label={t.filters} className="space-y-4">
      <button
        type="button"
        className="btn btn-outline btn-sm w-full lg:hidden"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? t.hideFilters : t.showFilters}
      </button>
      <div id={panelId} className={`space-y-5 ${shown ? '' : 'hidden'} lg:block`}>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={chosen.inStock}
            onChange={(event) => props.onInStock(event.target.checked)}
          />
          {t.inStockOnly}
        </label>
        {props.fleet ? (
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={props.fleet.on}
              onChange={(event) => props.fleet?.onChange(event.target.checked)}
            />
            {t.fitsMyFleet}
          </label>
        ) : null}
        {props.showBrands ? (
          <FacetList
            heading={t.brandsFacet}
            entries={props.facets.brands.map((b) => ({ key: b.name, ...b }))}
            chosen={chosen.brand}
            onChoose={props.onBrand}
          />
        ) : null}
        <FacetList
          heading={t.categoriesFacet}
          entries={props.facets.categories.map((c) => ({ key: c.id, ...c }))}
          chosen={chosen.category}
          onChoose={props.onCategory}
        />
        {anyChosen ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={props.onClear}>
            {t.clearFilters}
          </button>
        ) : null}
      </div>
    </aside>
  );
}
