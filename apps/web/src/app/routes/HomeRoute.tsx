import { lazy, Suspense } from 'react';
import { HomeProducts } from '../../features/catalog/components/HomeProducts.tsx';
import { BannerCarousel } from '../../features/home/BannerCarousel.tsx';
import { ShowcaseImages } from '../../features/home/ShowcaseImages.tsx';
import { homeStrings } from '../../features/home/strings.ts';

/**
 * The sections below the first screen load beside this page's code rather than before its first
 * paint; until they arrive a screen's height is kept for them, so the footer stays out of view.
 */
const HomeMoreSections = lazy(() => import('./HomeMoreSections.tsx'));

/** The home page in PRODUCT §2's order; the footer with the newsletter comes from the layout. */
export default function HomeRoute() {
  return (
    <>
      <h1 className="sr-only">{homeStrings.pageHeading}</h1>
      <BannerCarousel />
      <ShowcaseImages />
      <HomeProducts />
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeMoreSections />
      </Suspense>
    </>
  );
}
