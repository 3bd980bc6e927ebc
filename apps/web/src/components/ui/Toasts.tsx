import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '../../lib/toast.ts';

const ToastHost = lazy(() => import('./ToastHost.tsx'));

/** Where toasts appear; the library behind them is fetched with the first one (lib/toast.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
