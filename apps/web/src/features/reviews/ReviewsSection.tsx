import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { reviewsQuery, reviewsSummaryQuery } from './api.ts';
import { Stars } from './Stars.tsx';
import { reviewsSectionText } from './section-strings.ts';

const t = reviewsSectionText;
const loadCarousel = () => import('./ReviewsCarousel.tsx');
const ReviewsCarousel = lazy(loadCarousel);

/** Start loading a little before the section scrolls into view. */
const NEAR_VIEWPORT = '400px 0px';

function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

function Loading() {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={t.loading} size="lg" />
    </div>
  );
}

/** If the carousel's code cannot be fetched (offline, a new release), say so in the section only. */
class CarouselFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}

function Failed() {
  return <p className="py-12 text-center">{t.failed}</p>;
}

/**
 * 'What others Say' / 'Client Reviews': the newest 10 reviews in the carousel, with every review's
 * average rating and count. The reviews and the carousel's code (Swiper) are fetched only when the
 * section comes near the viewport.
 */
export function ReviewsSection() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data, isPending, isError } = useQuery({ ...reviewsQuery(), enabled: near });
  const { data: summary } = useQuery({ ...reviewsSummaryQuery(), enabled: near });
  // Fetch the carousel's code alongside the reviews rather than after them.
  useEffect(() => {
    if (near) loadCarousel().catch(() => {});
  }, [near]);

  let body: ReactNode;
  if (!near || isPending) body = <Loading />;
  else if (isError) body = <Failed />;
  else if (data.length === 0) body = <p className="py-12 text-center">{t.empty}</p>;
  else
    body = (
      <CarouselFailed>
        <Suspense fallback={<Loading />}>
          <ReviewsCarousel reviews={data} />
        </Suspense>
      </CarouselFailed>
    );

  return (
    <section
      ref={ref}
      aria-labelledby="reviews-heading"
      className="bg-base-200 px-4 py-10 sm:py-12"
    >
      <div className="mx-auto max-w-4xl">
        <h2 id="reviews-heading" className="text-center text-xl font-semibold">
          {t.heading}
        </h2>
        <h3 className="mt-1 text-center font-medium text-base-content/85">{t.subheading}</h3>
        {/* The line keeps its height while the summary loads, so the carousel does not move. The
            stars are the average's picture; the words beside them say it. */}
        <p className="mt-2 mb-6 flex min-h-7 items-center justify-center gap-2">
          {summary && summary.average !== null && summary.count > 0 ? (
            <>
              <Stars rating={summary.average} className="text-xl" />
              <span className="font-semibold">{t.summary(summary.average, summary.count)}</span>
            </>
          ) : null}
        </p>
        <div className="min-h-80">{body}</div>
      </div>
    </section>
  );
}
