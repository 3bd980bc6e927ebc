import type { ButtonHTMLAttributes, ReactNode } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** While true the button is disabled and shows a spinner with `busyLabel`. */
  busy: boolean;
  /** What the button says while its request runs ("Placing order…"); its own words without. */
  busyLabel?: ReactNode;
  children: ReactNode;
};

/**
 * A button that creates or changes something: while its request runs it cannot be pressed again
 * and says so with a spinner, so a double click does one thing (issue 30 #1).
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  type = 'button',
  children,
  ...button
}: BusyButtonProps) {
  return (
    <button {...button} type={type} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span aria-hidden="true" className="loading loading-spinner loading-xs" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
