// A review's rating as stars: named for a screen reader, filled up to the rating.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars } from './Stars.tsx';

afterEach(cleanup);

/** How much of the row of five stars is filled, as the page draws it. */
function filledShare(container: HTMLElement): string | undefined {
  return container.querySelector<HTMLElement>('[style]')?.style.width;
}

describe('stars', () => {
  it('are one image named by their label, with five stars drawn under and over it', () => {
    const { container } = render(<Stars rating={4} label="Rated 4 out of 5" />);
    const image = screen.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(image.querySelectorAll('svg')).toHaveLength(10);
    expect(filledShare(container)).toBe('80%');
  });

  it('fill part of a star for an average', () => {
    const { container } = render(<Stars rating={4.6} label="Rated 4.6 out of 5" />);
    expect(filledShare(container)).toBe('92%');
  });

  it('never fill below none or beyond five', () => {
    const { container, rerender } = render(<Stars rating={7} label="x" />);
    expect(filledShare(container)).toBe('100%');
    rerender(<Stars rating={-1} label="x" />);
    expect(filledShare(container)).toBe('0%');
  });

  it('without a label are hidden from a screen reader, beside words that say the rating', () => {
    const { container } = render(<Stars rating={3} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
