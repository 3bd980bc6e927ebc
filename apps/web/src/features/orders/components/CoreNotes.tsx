import type { CoreLineTexts } from '../core-strings.ts';

/**
 * A line's core charge (issue 32 #4): its deposit and, once the order is paid, the old parts
 * still to return by their day (marked: the deposit is lost after it) and those returned.
 */
export function CoreNotes({ texts }: { texts: CoreLineTexts }) {
  return (
    <>
      <span className="block text-sm font-normal text-base-content/80">{texts.deposit}</span>
      {texts.owed ? (
        <span className="block py-0.5">
          <span className="badge h-auto badge-warning text-sm font-medium">{texts.owed}</span>
        </span>
      ) : null}
      {texts.returned ? (
        <span className="block text-sm font-normal text-base-content/80">{texts.returned}</span>
      ) : null}
    </>
  );
}
