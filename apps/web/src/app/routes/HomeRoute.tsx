import { lazy, Suspense } from 'react';
import { HomeProducts } from '../../features/catalog/components/HomeProducts.tsx';
import { BannerCarousel } from '../../features/home/BannerCarousel.tsx';
import { FinderPlaceholder } from '../../features/home/FinderLayout.tsx';
import { ShowcaseImages } from '../../features/home/ShowcaseImages.tsx';

/**
 * The search box and the vehicle picker (with the garage, and the form library the picker brings)
 * load beside this page's code, in their place from the first paint: the home page's first
 * JavaScript stays within its budget (docs/decisions/008).
 */
const PartFinder = lazy(() => import('../../features/home/PartFinder.tsx'));

/**
 * The sections below the first screen load beside this page's code rather than before its first
 * paint; until they arrive a screen's height is kept for them, so the footer stays out of view.
 */
const HomeMoreSections = lazy(() => import('./HomeMoreSections.tsx'));

/**
 * The home page: a first screen that leads to parts (issue 30 #7), then PRODUCT §2's sections in
 * their order; the footer with the newsletter comes from the layout.
 */
export default function HomeRoute() {
  return (
    <>
      <Suspense fallback={<FinderPlaceholder />}>
        <PartFinder />
      </Suspense>
      <BannerCarousel />
      <ShowcaseImages />
      <HomeProducts />
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeMoreSections />
      </Suspense>
    </>
  );
}
