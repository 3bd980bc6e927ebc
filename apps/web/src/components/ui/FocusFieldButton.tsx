import type { ReactNode } from 'react';

/**
 * The next step of an empty list whose form is further down the page ("Add an address"): takes
 * the focus to the form's first field (the browser scrolls it into view), for a keyboard too.
 */
export function FocusFieldButton({ field, children }: { field: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      onClick={() => document.getElementById(field)?.focus()}
    >
      {children}
    </button>
  );
}
