/**
 * The social networks' marks in the footer. Apart from icons.tsx because only the footer uses
 * them, and the footer loads after the first paint while icons.tsx loads before it.
 */
type IconProps = { className?: string };

export function FacebookIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 24 24" fill="currentColor">
      <path d="M9 8H6v4h3v12h5V12h3.64L18 8h-4V6.33C14 5.38 14.19 5 15.11 5H18V0h-3.81C10.6 0 9 1.58 9 4.61V8z" />
    </svg>
  );
}

export function XIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 24 24" fill="currentColor">
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z" />
    </svg>
  );
}

export function YoutubeIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 24 24" fill="currentColor">
      <path d="M19.62 3.18C16.02 2.94 7.98 2.94 4.38 3.18.48 3.45.02 5.8 0 12c.02 6.19.48 8.55 4.38 8.82 3.6.24 11.64.24 15.24 0C23.52 20.55 23.98 18.2 24 12c-.02-6.19-.48-8.55-4.38-8.82zM9 16V8l8 4-8 4z" />
    </svg>
  );
}
