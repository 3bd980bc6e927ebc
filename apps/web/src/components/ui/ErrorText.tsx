import type { ReactNode } from 'react';

/**
 * Red error text that stays readable in both themes (daisyUI's light `error` colour is too pale
 * for small text on white). `alert` announces it at once: use it for errors of a whole form.
 */
export function ErrorText({
  id,
  alert = false,
  className = '',
  children,
}: {
  id?: string;
  alert?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={alert ? 'alert' : undefined}
      className={`text-sm text-red-700 [[data-theme=dark]_&]:text-red-300 ${className}`}
    >
      {children}
    </p>
  );
}
