import { StatsBand } from '../../features/home/StatsBand.tsx';
import { TyrePromo } from '../../features/home/TyrePromo.tsx';
import { ReviewsSection } from '../../features/reviews/ReviewsSection.tsx';

/** The home page below its first screen (PRODUCT §2): statistics, the tyre promo, the reviews. */
export default function HomeMoreSections() {
  return (
    <>
      <StatsBand />
      <TyrePromo />
      <ReviewsSection />
    </>
  );
}
