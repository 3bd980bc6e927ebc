import { HomeProducts } from '../../features/catalog/components/HomeProducts.tsx';
import { BannerCarousel } from '../../features/home/BannerCarousel.tsx';
import { ShowcaseImages } from '../../features/home/ShowcaseImages.tsx';
import { StatsBand } from '../../features/home/StatsBand.tsx';
import { TyrePromo } from '../../features/home/TyrePromo.tsx';
import { ReviewsSection } from '../../features/reviews/ReviewsSection.tsx';
import { homeStrings } from '../../lib/strings/home.ts';

/** The home page in PRODUCT §2's order; the footer with the newsletter comes from the layout. */
export default function HomePage() {
  return (
    <>
      <h1 className="sr-only">{homeStrings.pageHeading}</h1>
      <BannerCarousel />
      <ShowcaseImages />
      <HomeProducts />
      <StatsBand />
      <TyrePromo />
      <ReviewsSection />
    </>
  );
}
