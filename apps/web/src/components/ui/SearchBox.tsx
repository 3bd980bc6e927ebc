import { type FormEvent, useEffect, useId, useState } from 'react';
import { uiText } from './strings.ts';

const SEARCH_DEBOUNCE_MS = 350;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  /** The search in the page's address. */
  value: string;
  /** A new search; `replace` when it refines the one before (one history entry per search). */
  onSearch: (search: string, options: { replace: boolean }) => void;
};

/** A list's server-side search: it runs after a pause in typing, or at once on Enter. */
export function SearchBox({ label, placeholder, value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // When the address's search changes from outside (Back, a link), show it in the box.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }

  const replace = value !== '';
  useEffect(() => {
    const search = draft.trim();
    if (search === value) return;
    const timer = window.setTimeout(() => onSearch(search, { replace }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, replace, onSearch]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const search = draft.trim();
    if (search !== value) onSearch(search, { replace });
  }

  return (
    <search className="block min-w-0 grow basis-64">
      <form onSubmit={submit} className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div className="join w-full">
          <input
            id={id}
            type="search"
            className="input join-item w-full"
            placeholder={placeholder}
            maxLength={100}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn join-item btn-primary">
            {uiText.search}
          </button>
        </div>
      </form>
    </search>
  );
}
