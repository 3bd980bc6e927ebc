import { SEARCH_QUERY_MAX, VIN_PATTERN } from '@axle/contract/texts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { brandPath, categoryPath, partPath } from '../paths.ts';
import { suggestionsQuery } from '../search-api.ts';
import { searchText as t } from '../search-strings.ts';

/** /parts with a search: what Enter opens when no suggestion is chosen. */
const searchPath = (search: string) => `/parts?${new URLSearchParams({ search })}`;

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer characters than this find too much to suggest from. */
const SUGGEST_MIN_CHARS = 2;

type Option = { id: string; group: 'parts' | 'brands' | 'categories'; label: string; to: string };

/** The typed text once typing has paused. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = {
  /** The home page's search: its label shown, a full-size box, and `hint` below it. */
  large?: boolean;
  /** The box's placeholder, when not the navbar's. */
  placeholder?: string | undefined;
  /** A line below the box about what it takes. */
  hint?: string | undefined;
  /** A VIN searched (no suggestion chosen) goes here rather than to the parts search. */
  onVin?: ((vin: string) => void) | undefined;
};

/**
 * The navbar's search (issue 16 #5), and the home page's: an ARIA 1.2 combobox whose list suggests
 * parts (by number or words), brands and categories while typing. Arrow keys move through the
 * suggestions, Enter opens the one chosen or, with none chosen, the search's results on /parts (a
 * VIN, to `onVin` when given); Escape closes the list, and clears the box when it is already closed.
 */
export default function SearchCombobox({ large = false, placeholder, hint, onVin }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const settled = useSettled(typed, SUGGEST_DEBOUNCE_MS);
  const wanted = settled.length >= SUGGEST_MIN_CHARS && typed.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({ ...suggestionsQuery(settled), enabled: wanted });

  const options = useMemo<Option[]>(() => {
    const data = wanted ? suggestions.data : undefined;
    if (!data) return [];
    return [
      ...data.parts.map((part) => ({
        id: `${id}-part-${part._id}`,
        group: 'parts' as const,
        label: t.suggestedPart(part.partNumber, part.brand, part.name),
        to: partPath(part.partNumber),
      })),
      ...data.brands.map((brand) => ({
        id: `${id}-brand-${brand.name}`,
        group: 'brands' as const,
        label: brand.name,
        to: brandPath(brand.name),
      })),
      ...data.categories.map((category) => ({
        id: `${id}-category-${category.id}`,
        group: 'categories' as const,
        label: category.name,
        to: categoryPath(category.slug),
      })),
    ];
  }, [wanted, suggestions.data, id]);

  const expanded = open && options.length > 0;
  const current = expanded && active >= 0 ? options[active] : undefined;

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    navigate(to);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const vin = typed.toUpperCase();
    if (current) go(current.to);
    else if (onVin && VIN_PATTERN.test(vin)) {
      setOpen(false);
      onVin(vin);
    } else if (typed) go(searchPath(typed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => {
        if (index < 0) return step > 0 ? 0 : options.length - 1;
        return (index + step + options.length) % options.length;
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  }

  const groups = (['parts', 'brands', 'categories'] as const)
    .map((group) => ({ group, options: options.filter((option) => option.group === group) }))
    .filter(({ options }) => options.length > 0);

  return (
    <search className={`block w-full ${large ? '' : 'max-w-xl'}`}>
      <label htmlFor={id} className={large ? 'mb-1 block text-sm font-medium' : 'sr-only'}>
        {t.catalogueSearchLabel}
      </label>
      {/* The suggestions open just below the box. */}
      <div className="relative">
        <form onSubmit={onSubmit} className="join w-full">
          <input
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={current?.id}
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
            maxLength={SEARCH_QUERY_MAX}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className={`input join-item w-full ${large ? '' : 'input-sm'}`}
            placeholder={placeholder ?? t.catalogueSearchPlaceholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className={`btn btn-primary join-item ${large ? '' : 'btn-sm'}`}>
            {t.catalogueSearchButton}
          </button>
        </form>
        <div
          id={listId}
          role="listbox"
          aria-label={t.suggestionsLabel}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-box bg-base-100 p-1 shadow-lg ring-1 ring-base-300"
        >
          {groups.map(({ group, options: inGroup }) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (ARIA APG); a fieldset holds form controls, not options.
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div
                id={`${id}-${group}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold uppercase text-base-content/70"
              >
                {t.suggestionGroups[group]}
              </div>
              {inGroup.map((option) => (
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option === current}
                  tabIndex={-1}
                  className={`cursor-pointer rounded-field px-3 py-2 text-sm ${option === current ? 'bg-base-300' : 'hover:bg-base-200'}`}
                  // Keep the focus in the box: a click would blur it (and close the list) first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option.to)}
                  onKeyDown={() => undefined}
                >
                  {option.label}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
          {hint}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {expanded ? t.suggestionCount(options.length) : ''}
      </p>
    </search>
  );
}
