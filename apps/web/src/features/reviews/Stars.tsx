import { RATING_MAX } from '@axle/contract/texts';

/** One five-pointed star in a 24 × 24 box. */
const STAR =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

function StarRow({ className }: { className: string }) {
  return (
    <span className={`flex w-max ${className}`}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          className="shrink-0"
        >
          <path d={STAR} fill="currentColor" stroke="var(--star-edge)" strokeWidth="1.2" />
        </svg>
      ))}
    </span>
  );
}

type Props = {
  /** The rating, 0 to 5; an average such as 4.6 fills part of a star. */
  rating: number;
  /**
   * What the stars say to a screen reader ("Rated 4 out of 5"); without it they are decorative,
   * for a rating that the words beside them already give.
   */
  label?: string | undefined;
  /** Sizes the stars through the font size (text-lg, say). */
  className?: string;
};

/** A rating as five stars, filled up to it. */
export function Stars({ rating, label, className = '' }: Props) {
  const filled = (Math.min(Math.max(rating, 0), RATING_MAX) / RATING_MAX) * 100;
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={`relative inline-flex leading-none ${className}`}
    >
      <StarRow className="text-transparent [--star-edge:color-mix(in_oklch,var(--color-base-content)_60%,transparent)]" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
        <StarRow className="text-amber-400 [--star-edge:var(--color-amber-600)]" />
      </span>
    </span>
  );
}
