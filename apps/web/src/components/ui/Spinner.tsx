import { uiText } from './strings.ts';

type SpinnerProps = {
  /** What is loading, read out by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const sizes = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

/** An inline loading indicator. */
export function Spinner({ label = uiText.loading, size = 'md', className = '' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={`inline-flex ${className}`}>
      <span aria-hidden="true" className={`loading loading-spinner text-primary ${sizes[size]}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A loading indicator that fills the screen, e.g. while a page's code or data arrives. */
export function FullScreenSpinner({ label = uiText.loading }: { label?: string }) {
  return (
    <div className="flex min-h-screen w-full items-center justify-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}
