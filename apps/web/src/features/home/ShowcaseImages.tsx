import { Link } from 'react-router';
import { homeStrings } from './strings.ts';

const t = homeStrings.showcase;

/** Three part pictures that zoom on hover, and on keyboard focus of their link. */
export function ShowcaseImages() {
  return (
    <section aria-labelledby="showcase-heading" className="mx-auto max-w-3xl px-4 pt-6 sm:pt-8">
      <h2 id="showcase-heading" className="mb-3 text-center text-xl font-semibold sm:mb-6">
        {t.heading}
      </h2>
      {/* In one row on every width: on a phone the parts come after them, within the first screens. */}
      <ul className="grid grid-cols-3 gap-3 sm:gap-6">
        {t.items.map((item) => (
          <li key={item.img}>
            <Link
              to={`/parts?search=${encodeURIComponent(item.search)}`}
              className="group block rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
            >
              <figure className="part-picture">
                {/* Not lazy: they are near the first screen on every width. */}
                <img
                  src={item.img}
                  alt=""
                  width={600}
                  height={400}
                  decoding="async"
                  className="aspect-[3/2] h-auto w-full object-cover motion-safe:transition-transform motion-safe:duration-500 group-hover:scale-110 group-focus-within:scale-110"
                />
              </figure>
              <p className="mt-1 text-center text-sm font-semibold sm:mt-2 sm:text-base">
                {item.caption}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
