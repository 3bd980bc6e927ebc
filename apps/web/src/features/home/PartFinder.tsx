import type { GarageVehicle } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusyButton } from '../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../components/ui/ErrorText.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useAuth } from '../accounts/index.ts';
import { SearchBox } from '../catalog/index.ts';
import {
  garageQuery,
  type PickedVehicle,
  useCurrentVehicle,
  VehiclePicker,
} from '../garage/index.ts';
import { FinderLayout, pickerLoading, searchLoading } from './FinderLayout.tsx';
import { finderStrings } from './finder-strings.ts';

const t = finderStrings;

/**
 * The home page's first screen (issue 30 #7): the catalogue's search box, which also takes a VIN,
 * and the vehicle picker (or a signed-in customer's garage). Choosing a vehicle makes it the one
 * the shop filters by and opens its parts; a VIN searched fills the picker, and opens the
 * vehicle's parts when it names the vehicle whole. Loaded after the page's first paint.
 */
export default function PartFinder() {
  const [vinSearch, setVinSearch] = useState<{ vin: string }>();
  return (
    <FinderLayout
      search={
        <Suspense fallback={searchLoading}>
          <SearchBox
            large
            placeholder={t.searchPlaceholder}
            hint={t.searchHint}
            onVin={(vin) => setVinSearch({ vin })}
          />
        </Suspense>
      }
      vehicle={<VehicleFinder vinSearch={vinSearch} />}
    />
  );
}

/** Where a vehicle was chosen: the picker or the garage. */
type From = 'picker' | 'garage';

function VehicleFinder({ vinSearch }: { vinSearch: { vin: string } | undefined }) {
  const navigate = useNavigate();
  const signedIn = useAuth().user !== null;
  const current = useCurrentVehicle();
  const garage = useQuery({ ...garageQuery(), enabled: signedIn });
  const [busy, setBusy] = useState<From>();
  // What went wrong making a vehicle the current one, said where it was chosen.
  const [failed, setFailed] = useState<{ from: From; message: string }>();

  async function shopFor(vehicle: PickedVehicle, from: From) {
    setBusy(from);
    setFailed(undefined);
    try {
      await current.setVehicle(vehicle);
      await navigate('/parts');
    } catch (failure) {
      setFailed({ from, message: failure instanceof Error ? failure.message : String(failure) });
      setBusy(undefined);
    }
  }
  const errorFrom = (from: From) => (failed?.from === from ? failed.message : undefined);

  const vehicles = signedIn ? (garage.data ?? []) : [];
  return (
    <>
      {vehicles.length > 0 ? (
        <GarageChoice
          vehicles={vehicles}
          busy={busy === 'garage'}
          onShop={(vehicle) => void shopFor(vehicle, 'garage')}
        />
      ) : current.vehicle ? (
        <p>
          {t.yourVehicle} <strong>{current.vehicle.name}</strong> ·{' '}
          <Link to="/parts" className="link">
            {t.shopYourVehicle}
          </Link>
        </p>
      ) : null}
      {errorFrom('garage') ? <ErrorText alert>{errorFrom('garage')}</ErrorText> : null}
      <Suspense fallback={pickerLoading}>
        <VehiclePicker
          compact
          submitLabel={t.showParts}
          busy={busy === 'picker'}
          error={errorFrom('picker')}
          vinSearch={vinSearch}
          onPick={(vehicle) => void shopFor(vehicle, 'picker')}
        />
      </Suspense>
    </>
  );
}

/** A signed-in customer's garage: one of their vehicles, the current one first, and its parts. */
function GarageChoice({
  vehicles,
  busy,
  onShop,
}: {
  vehicles: GarageVehicle[];
  busy: boolean;
  onShop: (vehicle: PickedVehicle) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(0);
  const vehicle = vehicles[chosen] ?? vehicles[0];
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (vehicle && !busy)
          onShop({ vehicleId: vehicle.vehicleId, year: vehicle.year, name: vehicle.name });
      }}
    >
      <div className="min-w-0 flex-1 basis-64">
        <Field id={id} label={t.garage}>
          {(control) => (
            <select
              {...control}
              className="select w-full"
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {vehicles.map((entry, index) => (
                <option key={`${entry.vehicleId}-${entry.year}`} value={index}>
                  {entry.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <BusyButton type="submit" busy={busy} busyLabel={t.shopping} className="btn btn-outline">
        {t.shopGarageVehicle}
      </BusyButton>
    </form>
  );
}
