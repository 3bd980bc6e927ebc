import { Suspense, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type CurrentVehicle, VehiclePicker } from '../../garage/index.ts';
import { browseStrings as t } from '../browse-strings.ts';

/**
 * The vehicle the results are for (issue 16 #3, #5): the shop filters by the customer's current
 * vehicle until it is cleared ("Show all parts"); the picker (year → make → model → engine, or a
 * VIN) opens in place to choose or change it.
 */
export function VehicleBar({ current }: { current: CurrentVehicle }) {
  const { vehicle, setVehicle, clearVehicle } = current;
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headingId = useId();
  const pickerId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-200/60 p-4"
    >
      <h2 id={headingId} className="sr-only">
        {t.vehicleHeading}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <p className={vehicle ? 'font-semibold' : ''}>
          {vehicle ? t.fitsFilter(vehicle.name) : t.noVehicle}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-expanded={picking}
            aria-controls={pickerId}
            onClick={() => setPicking((open) => !open)}
          >
            {picking ? t.closePicker : vehicle ? t.changeVehicle : t.chooseVehicle}
          </button>
          {vehicle ? (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => clearVehicle()}>
              {t.showAllParts}
            </button>
          ) : null}
        </div>
      </div>
      <div id={pickerId} hidden={!picking} className="mt-4">
        {picking ? (
          <Suspense fallback={<Spinner label={t.loadingPicker} />}>
            <VehiclePicker
              busy={busy}
              error={error}
              onPick={async (picked) => {
                setBusy(true);
                setError(undefined);
                try {
                  await setVehicle(picked);
                  setPicking(false);
                } catch (failure) {
                  setError(failure instanceof Error ? failure.message : String(failure));
                } finally {
                  setBusy(false);
                }
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
