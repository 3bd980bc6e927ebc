import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { homeStrings } from './strings.ts';

const t = homeStrings.banner;
const SWIPE_MIN_PX = 40;

/**
 * Four banner slides with previous/next arrows that wrap around (SPEC §2 Home page).
 * Hand-written rather than Swiper so the home page's first JavaScript stays small.
 * Only the visible slide is exposed to assistive tech; hidden slides are inert.
 */
export function BannerCarousel() {
  const slides = t.slides;
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const swipeStart = useRef<number | null>(null);

  const show = (index: number) => setCurrent(((index % count) + count) % count);
  const previous = () => show(current - 1);
  const next = () => show(current + 1);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || event.pointerType === 'mouse') return;
    const distance = event.clientX - start;
    if (distance <= -SWIPE_MIN_PX) next();
    else if (distance >= SWIPE_MIN_PX) previous();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t.label}
      onKeyDown={onKeyDown}
      className="relative mx-auto w-full max-w-[1600px] overflow-hidden bg-base-200"
    >
      <div
        id="banner-slides"
        aria-live="polite"
        className="flex touch-pan-y motion-safe:transition-transform motion-safe:duration-500"
        style={{ transform: `translateX(-${current * 100}%)` }}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {slides.map((slide, index) => (
          // The WAI-ARIA carousel pattern: each slide is a group described as a slide.
          // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls, not slides
          <div
            key={slide.img}
            id={`banner-slide-${index + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t.position(index + 1, count)}
            aria-hidden={index !== current}
            inert={index !== current}
            className="w-full shrink-0"
          >
            <img
              src={slide.img}
              alt={slide.alt}
              width={1600}
              height={600}
              // The first slide is the page's largest paint; the others wait until needed.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
              draggable={false}
              // Lower on wider screens, so the parts below it come within the first screens.
              className="aspect-[8/3] h-auto w-full object-cover select-none md:aspect-[4/1] xl:aspect-[5/1]"
            />
          </div>
        ))}
      </div>

      <div className="pointer-events-none absolute inset-0 flex items-center justify-between px-2 sm:px-4">
        <button
          type="button"
          aria-label={t.previous}
          aria-controls="banner-slides"
          onClick={previous}
          className="btn btn-circle pointer-events-auto border-base-300 bg-base-100/90 shadow-md sm:btn-lg"
        >
          <span aria-hidden="true">❮</span>
        </button>
        <button
          type="button"
          aria-label={t.next}
          aria-controls="banner-slides"
          onClick={next}
          className="btn btn-circle pointer-events-auto border-base-300 bg-base-100/90 shadow-md sm:btn-lg"
        >
          <span aria-hidden="true">❯</span>
        </button>
      </div>

      <div className="absolute inset-x-0 bottom-1 flex justify-center sm:bottom-3">
        {slides.map((slide, index) => (
          <button
            key={slide.img}
            type="button"
            aria-label={t.goTo(index + 1)}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => show(index)}
            className="group grid size-6 place-items-center"
          >
            <span
              aria-hidden="true"
              className={`block size-2.5 rounded-full border border-base-100 shadow ${
                index === current ? 'bg-primary' : 'bg-base-content/50'
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
