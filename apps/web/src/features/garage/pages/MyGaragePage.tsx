import type { GarageList, GarageVehicle } from '@axle/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { FocusFieldButton } from '../../../components/ui/FocusFieldButton.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  addToGarage,
  clearCurrent,
  GARAGE_KEY,
  garageQuery,
  makeCurrent,
  removeFromGarage,
} from '../api.ts';
import type { PickedVehicle } from '../components/VehiclePicker.tsx';
import { garageText } from '../strings.ts';

/*
 * The picker to add a vehicle, with the form library under it, arrives just after the garage is
 * shown: the page's first JavaScript stays within its budget (docs/decisions/008).
 */
const VehiclePicker = lazy(() =>
  import('../components/VehiclePicker.tsx').then((m) => ({ default: m.VehiclePicker })),
);

const text = garageText.page;

type Change = { vehicle: GarageVehicle; action: 'shop' | 'clear' | 'remove' };

/**
 * The dashboard's My Garage (issue 16 #3): the customer's vehicles, the current one marked and
 * first; "Shop for this vehicle" makes one current and opens the shop; Remove asks first; the
 * picker adds one.
 */
export default function MyGaragePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const garage = useQuery(garageQuery());
  const saved = (list: GarageList) => queryClient.setQueryData(GARAGE_KEY, list);
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<GarageVehicle | null>(null);

  const change = useMutation({
    mutationFn: ({ vehicle, action }: Change) => {
      const key = { vehicleId: vehicle.vehicleId, year: vehicle.year };
      if (action === 'remove') return removeFromGarage(key);
      if (action === 'clear') return clearCurrent();
      return makeCurrent(key);
    },
    onSuccess: (list, { vehicle, action }) => {
      saved(list);
      if (action === 'remove') {
        // Its buttons are gone with it: the focus goes to the page's heading.
        flushSync(() => setRemoving(null));
        heading.current?.focus();
        toast.success(text.removed(vehicle.name));
      } else if (action === 'clear') toast.success(text.cleared);
      else void navigate('/parts');
    },
    onError: (error, { action }) => {
      // A refused removal shows in its dialog; the others in a toast.
      if (action !== 'remove') toast.error(error.message);
      void queryClient.invalidateQueries({ queryKey: GARAGE_KEY });
    },
  });
  const removal = change.variables?.action === 'remove' ? change : null;

  const add = useMutation({
    mutationFn: (vehicle: PickedVehicle) =>
      addToGarage({ vehicleId: vehicle.vehicleId, year: vehicle.year }),
    onSuccess: (list, vehicle) => {
      saved(list);
      toast.success(text.added(vehicle.name));
    },
  });

  return (
    <section aria-labelledby="my-garage-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2
          id="my-garage-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {text.heading}
        </h2>
        <p className="max-w-2xl text-base-content/80">{text.intro}</p>
      </div>

      <ListLoad
        query={garage}
        text={text}
        emptyAction={
          <FocusFieldButton field="garage-add-heading">{text.addFirst}</FocusFieldButton>
        }
      >
        {(data) => (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-base-content/75">{text.count(data.length)}</p>
            <ul aria-label={text.list} className="flex flex-col gap-3">
              {data.map((vehicle) => {
                const busy =
                  change.isPending &&
                  change.variables.vehicle.vehicleId === vehicle.vehicleId &&
                  change.variables.vehicle.year === vehicle.year;
                const nameId = `garage-${vehicle.vehicleId}-${vehicle.year}`;
                return (
                  <li
                    key={`${vehicle.vehicleId}-${vehicle.year}`}
                    className={`card bg-base-100 shadow-sm ring-1 ${vehicle.current ? 'ring-primary' : 'ring-base-300'}`}
                  >
                    <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex flex-wrap items-center gap-2">
                        <span id={nameId} className="font-medium break-words">
                          {vehicle.name}
                        </span>
                        {vehicle.current ? (
                          <span className="badge badge-primary">{text.current}</span>
                        ) : null}
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {vehicle.current ? (
                          <BusyButton
                            className="btn btn-outline btn-sm"
                            aria-describedby={nameId}
                            busy={busy && change.variables.action === 'clear'}
                            busyLabel={text.clearing}
                            disabled={busy}
                            onClick={() => change.mutate({ vehicle, action: 'clear' })}
                          >
                            {text.clear}
                          </BusyButton>
                        ) : null}
                        <BusyButton
                          className="btn btn-primary btn-sm"
                          aria-describedby={nameId}
                          busy={busy && change.variables.action === 'shop'}
                          disabled={busy}
                          onClick={() =>
                            vehicle.current
                              ? void navigate('/parts')
                              : change.mutate({ vehicle, action: 'shop' })
                          }
                        >
                          {text.shop}
                        </BusyButton>
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          aria-describedby={nameId}
                          disabled={busy}
                          onClick={() => {
                            change.reset();
                            setRemoving(vehicle);
                          }}
                        >
                          {text.remove}
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </ListLoad>

      <section aria-labelledby="garage-add-heading" className="flex flex-col gap-3">
        <h3
          id="garage-add-heading"
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          {text.addHeading}
        </h3>
        <Suspense fallback={<Spinner label={text.pickerLoading} />}>
          <VehiclePicker
            submitLabel={text.addSubmit}
            busy={add.isPending}
            error={add.isError ? add.error.message : undefined}
            onPick={(vehicle) => add.mutate(vehicle)}
          />
        </Suspense>
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        cancelLabel={text.keep}
        busyLabel={text.removing}
        busy={removal?.isPending ?? false}
        danger
        onConfirm={() => {
          if (removing) change.mutate({ vehicle: removing, action: 'remove' });
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? <p className="break-words">{text.removeBody(removing.name)}</p> : null}
        {removal?.isError ? (
          <ErrorText alert className="mt-2">
            {removal.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
