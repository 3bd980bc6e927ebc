import type { FleetVehicle } from '@axle/contract';
import { FLEET_VEHICLES_MAX } from '@axle/contract/fleet-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { FocusFieldButton } from '../../../components/ui/FocusFieldButton.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { FLEET_KEY, fleetQuery, removeFleetVehicle } from '../api.ts';
import { companiesText } from '../strings.ts';
import { FleetHistory } from './FleetHistory.tsx';

/*
 * The forms (with the form pattern under them) load as the fleet is shown, not with the page
 * (docs/decisions/008).
 */
const AddFleetVehicleForm = lazy(() =>
  import('./AddFleetVehicleForm.tsx').then((m) => ({ default: m.AddFleetVehicleForm })),
);
const FleetVehicleDialog = lazy(() =>
  import('./FleetVehicleDialog.tsx').then((m) => ({ default: m.FleetVehicleDialog })),
);

const text = companiesText.fleet;
const ADD_HEADING = 'fleet-add-heading';

/**
 * The company's fleet (issue 32 #5), for every member: its vehicles, newest first, each with its
 * VIN, what the VIN says it is and its mileage; the parts ordered for each ("History"); a change
 * of its plate, name and mileage in a dialog, and its removal after a question. Below, the form
 * that adds a vehicle by its VIN.
 */
export function Fleet() {
  const queryClient = useQueryClient();
  const fleet = useQuery(fleetQuery());
  const heading = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<FleetVehicle | null>(null);
  const [removing, setRemoving] = useState<FleetVehicle | null>(null);
  const full = (fleet.data?.length ?? 0) >= FLEET_VEHICLES_MAX;

  const remove = useMutation({
    mutationFn: (vehicle: FleetVehicle) => removeFleetVehicle(vehicle._id),
    onSuccess: (_reply, vehicle) => {
      toast.success(text.removed(vehicle.label));
      queryClient.setQueryData<FleetVehicle[]>(FLEET_KEY, (current) =>
        current?.filter((entry) => entry._id !== vehicle._id),
      );
      queryClient.removeQueries({ queryKey: [...FLEET_KEY, vehicle._id] });
      // Its buttons are gone with it: the focus goes to the fleet's heading.
      flushSync(() => setRemoving(null));
      heading.current?.focus();
    },
    // Removed or not (someone else removed it meanwhile): show the fleet as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: FLEET_KEY, exact: true }),
  });

  function askToRemove(vehicle: FleetVehicle) {
    remove.reset();
    setRemoving(vehicle);
  }

  return (
    <section aria-labelledby="company-fleet-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3
          id="company-fleet-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          {text.heading}
        </h3>
        <p className="max-w-2xl text-base-content/80">{text.intro}</p>
      </div>

      <ListLoad
        query={fleet}
        text={text}
        emptyAction={<FocusFieldButton field={ADD_HEADING}>{text.addFirst}</FocusFieldButton>}
      >
        {(vehicles) => (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-base-content/80">{text.count(vehicles.length)}</p>
            <ul aria-label={text.list} className="flex flex-col gap-3">
              {vehicles.map((vehicle) => (
                <li key={vehicle._id}>
                  <VehicleCard
                    vehicle={vehicle}
                    onEdit={() => setEditing(vehicle)}
                    onRemove={() => askToRemove(vehicle)}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </ListLoad>

      <section aria-labelledby={ADD_HEADING} className="flex flex-col gap-3">
        <h4 id={ADD_HEADING} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {companiesText.fleetForm.addHeading}
        </h4>
        {full ? (
          <p>{text.full}</p>
        ) : (
          <Suspense fallback={<Spinner className="self-start" />}>
            <AddFleetVehicleForm />
          </Suspense>
        )}
      </section>

      <Suspense fallback={null}>
        <FleetVehicleDialog vehicle={editing} onClose={() => setEditing(null)} />
      </Suspense>
      <ConfirmDialog
        open={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        cancelLabel={text.keep}
        busyLabel={text.removing}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (removing && !remove.isPending) remove.mutate(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? <p className="wrap-anywhere">{text.removeBody(removing.label)}</p> : null}
        {remove.isError ? (
          <ErrorText alert className="mt-2">
            {remove.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

type VehicleCardProps = { vehicle: FleetVehicle; onEdit: () => void; onRemove: () => void };

/** One vehicle: what it is, its buttons, and the parts ordered for it once "History" is open. */
function VehicleCard({ vehicle, onEdit, onRemove }: VehicleCardProps) {
  const titleId = useId();
  const historyId = useId();
  const [open, setOpen] = useState(false);
  const which = <span className="sr-only">{text.which(vehicle.label)}</span>;
  return (
    <article aria-labelledby={titleId} className="card bg-base-100 shadow-sm ring-1 ring-base-300">
      <div className="card-body min-w-0 gap-3 p-4 sm:p-6">
        <h4 id={titleId} className="text-lg font-semibold break-words">
          {vehicle.label}
        </h4>
        <dl className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.vin}</dt>
          <dd className="min-w-0 font-mono wrap-anywhere">{vehicle.vin}</dd>
          <dt className="font-medium">{text.vehicle}</dt>
          <dd className="min-w-0 break-words">{text.vehicleOf(vehicle)}</dd>
          <dt className="font-medium">{text.mileage}</dt>
          <dd>{text.km(vehicle.mileageKm)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={open}
            aria-controls={historyId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {text.history}
            {which}
            <Chevron open={open} />
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
            {text.edit}
            {which}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onRemove}>
            {text.remove}
            {which}
          </button>
        </div>
        <div id={historyId} hidden={!open}>
          {open ? <FleetHistory vehicle={vehicle} /> : null}
        </div>
      </div>
    </article>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
