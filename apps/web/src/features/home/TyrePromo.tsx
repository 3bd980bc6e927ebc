import { Link } from 'react-router';
import { homeSectionStrings } from './section-strings.ts';

const t = homeSectionStrings.tyrePromo;

/** Promo hero; 'Discover Now' leads to the parts list (PRODUCT §3.10). */
export function TyrePromo() {
  return (
    <section aria-labelledby="tyre-promo-heading" className="hero bg-base-100 px-4 py-10 sm:py-12">
      <div className="hero-content max-w-7xl flex-col gap-8 p-0 lg:flex-row-reverse">
        <img
          src="/images/tyre-promo.svg"
          alt={t.imgAlt}
          width={1200}
          height={600}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-box shadow-lg lg:w-1/2"
        />
        <div className="lg:w-1/2">
          <h2 id="tyre-promo-heading" className="text-2xl font-bold sm:text-3xl">
            {t.heading}
          </h2>
          <p className="py-6 text-base-content/90">{t.text}</p>
          <Link to="/parts" className="btn btn-primary">
            {t.cta}
          </Link>
        </div>
      </div>
    </section>
  );
}
