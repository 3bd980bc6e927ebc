import { Link } from 'react-router';
import { homeStrings } from './strings.ts';

const t = homeStrings.showcase;

/** Three part pictures that zoom on hover, and on keyboard focus of their link. */
export function ShowcaseImages() {
  return (
    <section aria-labelledby="showcase-heading" className="mx-auto max-w-7xl px-4 pt-12">
      <h2 id="showcase-heading" className="mb-6 text-center text-3xl font-bold">
        {t.heading}
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-3">
        {t.items.map((item, index) => (
          <li key={item.img}>
            <Link
              to={`/parts?search=${encodeURIComponent(item.search)}`}
              className="group block rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
            >
              <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
                {/* Not lazy: on a phone the first picture is in view, and the largest paint, so it
                    is fetched first (on a wide screen the banner is, and is fetched first too). */}
                <img
                  src={item.img}
                  alt=""
                  width={600}
                  height={400}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                  className="aspect-[3/2] h-auto w-full object-cover motion-safe:transition-transform motion-safe:duration-500 group-hover:scale-110 group-focus-within:scale-110"
                />
              </figure>
              <p className="mt-2 text-center text-lg font-semibold">{item.caption}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
