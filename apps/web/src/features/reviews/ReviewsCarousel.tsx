import type { Review } from '@axle/contract';
import { A11y, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { Stars } from './Stars.tsx';
import { reviewsSectionText } from './section-strings.ts';

const t = reviewsSectionText;

/**
 * One review per slide, 30 px apart, arrow keys and clickable bullets (SPEC §9).
 * Loaded lazily by ReviewsSection so Swiper stays out of the home page's first chunk.
 */
export default function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <section
      aria-label={t.carouselLabel}
      // Focusable so a keyboard user can bring the carousel into view and use the arrow keys.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region is the carousel's keyboard target
      tabIndex={0}
      className="rounded-box [--swiper-pagination-bullet-horizontal-gap:8px] [--swiper-pagination-bullet-inactive-color:var(--color-base-content)] [--swiper-pagination-bullet-inactive-opacity:0.4] [--swiper-pagination-bullet-size:12px] [--swiper-pagination-color:var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
    >
      <Swiper
        modules={[Keyboard, Pagination, A11y]}
        slidesPerView={1}
        spaceBetween={30}
        keyboard={{ enabled: true }}
        pagination={{ clickable: true }}
        a11y={{ containerMessage: null, slideRole: 'group' }}
        className="pb-12!"
      >
        {reviews.map((review) => (
          <SwiperSlide key={review._id}>
            <figure className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 text-center">
              <img
                src={review.img ?? t.defaultAvatar}
                alt={review.name}
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
                className="size-24 rounded-full border-4 border-base-300 object-cover"
              />
              <blockquote className="text-lg italic">
                <p>{review.comment}</p>
              </blockquote>
              {/* The stars carry the rating for a screen reader; SPEC's words stay beside them. */}
              <p className="flex items-center gap-2">
                <Stars rating={review.rating} label={t.rated(review.rating)} className="text-2xl" />
                <span aria-hidden="true" className="text-sm font-semibold">
                  {t.rating}
                  {review.rating}
                </span>
              </p>
              <figcaption className="text-lg font-bold">{review.name}</figcaption>
            </figure>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
