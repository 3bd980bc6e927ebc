import type { VehicleChoice, VinDecoded } from '@axle/contract';
import { vehicleName } from '@axle/contract/texts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import {
  lookUpVin,
  vehicleEnginesQuery,
  vehicleMakesQuery,
  vehicleModelsQuery,
  vehicleYearsQuery,
} from '../api.ts';
import { garageText } from '../strings.ts';

const text = garageText.picker;
const vinRules = () => import('../form-rules.ts').then((r) => r.vinRules);

/** A vehicle of the shop's list in one model year, as the picker hands it on. */
export type PickedVehicle = { vehicleId: string; year: number; name: string };

type Choice = { year: string; make: string; model: string; engineId: string };
const NONE: Choice = { year: '', make: '', model: '', engineId: '' };

/** The list's spelling of a name a VIN gives ("MINI", "Mercedes-Benz"), when the list has it. */
const listed = (choices: VehicleChoice[], name: string) =>
  choices.find((choice) => choice.name.toLowerCase() === name.toLowerCase())?.name;

type Props = {
  /** What the button says: "Use this vehicle" unless told. */
  submitLabel?: string;
  /** The chosen vehicle is being used (added, say): the button waits. */
  busy?: boolean;
  /** What using the chosen vehicle went wrong with (the server's words). */
  error?: string | undefined;
  onPick: (vehicle: PickedVehicle) => void;
  /**
   * The home page's shorter picker: the choices two to a row on a phone and in one row with the
   * button on a wider screen, and no VIN field of its own (the search box beside it takes VINs and
   * hands each one over in `vinSearch`).
   */
  compact?: boolean;
  /**
   * A VIN searched for elsewhere, a new object for each search: the picker looks it up and fills
   * its choices, and hands the vehicle on at once when the VIN names it whole.
   */
  vinSearch?: { vin: string } | undefined;
};

/** What the VIN form or a search hands to the lookup; `pick` uses a whole vehicle at once. */
type VinLookup = { vin: string; pick?: boolean };
type Lookup = UseMutationResult<{ found: VinDecoded; filled: Choice }, Error, VinLookup>;

/**
 * The vehicle picker (issue 16): year → make → model → engine from the shop's vehicle list, each
 * choice open once the one before it is made, or a VIN that fills them. The engine names the
 * vehicle: its id and the year go to `onPick`, with the vehicle's full name.
 */
export function VehiclePicker({
  submitLabel = text.submit,
  busy = false,
  error,
  onPick,
  compact = false,
  vinSearch,
}: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(NONE);
  const submitButton = useRef<HTMLButtonElement>(null);
  const engineSelect = useRef<HTMLSelectElement>(null);
  const year = Number(choice.year);

  const years = useQuery(vehicleYearsQuery());
  const makes = useQuery({ ...vehicleMakesQuery(year), enabled: choice.year !== '' });
  const models = useQuery({
    ...vehicleModelsQuery(year, choice.make),
    enabled: choice.make !== '',
  });
  const engines = useQuery({
    ...vehicleEnginesQuery(year, choice.make, choice.model),
    enabled: choice.model !== '',
  });
  // A model with one engine (or "All engines") needs no choosing.
  const only = engines.data?.length === 1 ? engines.data[0]?.id : undefined;
  const engineId = choice.engineId || (choice.model !== '' && only ? only : '');
  const engine = engines.data?.find((entry) => entry.id === engineId);

  const lookup: Lookup = useMutation({
    mutationFn: async ({ vin }: VinLookup) => {
      const found = await lookUpVin(vin);
      return { found, filled: await fill(found) };
    },
    onSuccess: ({ found, filled }, { pick }) => {
      flushSync(() => setChoice(filled));
      if (pick && found.vehicle && filled.engineId === found.vehicle.id) {
        onPick({
          vehicleId: found.vehicle.id,
          year: found.year,
          name: vehicleName({
            year: found.year,
            make: filled.make,
            model: filled.model,
            variant: found.vehicle.name,
          }),
        });
        return;
      }
      (filled.engineId ? submitButton : engineSelect).current?.focus();
    },
  });

  // A VIN from a search box: looked up once per search (the same VIN searched again is a new one).
  const { mutate: lookUpSearched } = lookup;
  useEffect(() => {
    if (vinSearch) lookUpSearched({ vin: vinSearch.vin, pick: true });
  }, [vinSearch, lookUpSearched]);

  /** The choices a VIN makes, in the list's own spelling (as far as the list holds them). */
  async function fill(found: VinDecoded): Promise<Choice> {
    const make = listed(await queryClient.fetchQuery(vehicleMakesQuery(found.year)), found.make);
    if (!make) return { ...NONE, year: String(found.year) };
    const model = listed(
      await queryClient.fetchQuery(vehicleModelsQuery(found.year, make)),
      found.model,
    );
    if (!model) return { ...NONE, year: String(found.year), make };
    // The engines in the cache, so that the choice is whole (and its button open) at once.
    await queryClient.fetchQuery(vehicleEnginesQuery(found.year, make, model));
    return { year: String(found.year), make, model, engineId: found.vehicle?.id ?? '' };
  }

  const failed = [years, makes, models, engines].some((query) => query.isError);

  const select = (
    name: 'year' | 'make' | 'model',
    query: UseQueryResult<VehicleChoice[]>,
    open: boolean,
    placeholder: string,
    change: (value: string) => Choice,
  ) => (
    <Field id={`${id}-${name}`} label={text[name]}>
      {(control) => (
        <select
          {...control}
          className={controlClass('select', undefined)}
          value={choice[name]}
          disabled={!open || !query.data}
          onChange={(event) => {
            lookup.reset();
            setChoice(change(event.target.value));
          }}
        >
          <option value="">{open && query.isFetching ? text.loading : placeholder}</option>
          {open
            ? query.data?.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.name}
                </option>
              ))
            : null}
        </select>
      )}
    </Field>
  );

  const submit = (className: string) => (
    <button ref={submitButton} type="submit" className={className} disabled={!engine || busy}>
      {busy ? <Spinner label={submitLabel} size="sm" /> : submitLabel}
    </button>
  );

  return (
    <div className={`flex flex-col ${compact ? 'gap-2' : 'gap-4'}`}>
      <form
        noValidate
        aria-label={text.label}
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (busy || !engine?.id) return;
          onPick({
            vehicleId: engine.id,
            year,
            name: vehicleName({
              year,
              make: choice.make,
              model: choice.model,
              variant: engine.name,
            }),
          });
        }}
      >
        <div
          className={
            compact
              ? 'grid grid-cols-2 items-end gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]'
              : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4'
          }
        >
          {select('year', years, true, text.chooseYear, (value) => ({ ...NONE, year: value }))}
          {select('make', makes, choice.year !== '', text.chooseMake, (value) => ({
            ...NONE,
            year: choice.year,
            make: value,
          }))}
          {select('model', models, choice.make !== '', text.chooseModel, (value) => ({
            ...choice,
            model: value,
            engineId: '',
          }))}
          <Field id={`${id}-engine`} label={text.engine}>
            {(control) => (
              <select
                {...control}
                ref={engineSelect}
                className={controlClass('select', undefined)}
                value={engineId}
                disabled={choice.model === '' || !engines.data}
                onChange={(event) => setChoice({ ...choice, engineId: event.target.value })}
              >
                <option value="">
                  {choice.model !== '' && engines.isFetching ? text.loading : text.chooseEngine}
                </option>
                {choice.model !== ''
                  ? engines.data?.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.name}
                      </option>
                    ))
                  : null}
              </select>
            )}
          </Field>
          {compact ? (
            <div className="col-span-2 md:col-span-1">{submit('btn btn-outline w-full')}</div>
          ) : null}
        </div>
        {failed ? <ErrorText alert>{text.loadFailed}</ErrorText> : null}
        {error ? <ErrorText alert>{error}</ErrorText> : null}
        {compact ? (
          <>
            {lookup.error ? <ErrorText alert>{lookup.error.message}</ErrorText> : null}
            {lookup.isPending ? <Spinner label={text.vinBusy} size="sm" /> : null}
            {/* Out of the flow while it has nothing to say, so the form keeps its height. */}
            <p role="status" className={lookup.data ? 'text-sm' : 'sr-only'}>
              {lookup.data ? vinStatus(lookup.data.found, lookup.data.filled) : null}
            </p>
          </>
        ) : (
          <div>{submit('btn btn-primary')}</div>
        )}
      </form>

      {compact ? null : <VinForm id={`${id}-vin`} lookup={lookup} />}
    </div>
  );
}

/**
 * The picker's own VIN field (the compact picker has none: its search box takes VINs). Its rules
 * load with the form, so a page whose picker has no VIN field does not fetch them.
 */
function VinForm({ id, lookup }: { id: string; lookup: Lookup }) {
  const vinForm = useShopForm(vinRules, { vin: '' });
  const vinRefused = vinForm.formState.errors.vin?.message ?? lookup.error?.message;
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-2"
      onSubmit={vinForm.handleSubmit((body) => {
        if (!lookup.isPending) lookup.mutate(body);
      })}
    >
      <Field id={id} label={text.vinLabel} hint={text.vinHint} error={vinRefused}>
        {(control) => (
          <div className="join w-full">
            <input
              {...control}
              {...vinForm.register('vin', { onChange: () => lookup.reset() })}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className={`${controlClass('input', vinRefused)} join-item min-w-0 font-mono`}
            />
            <button type="submit" className="btn btn-outline join-item" disabled={lookup.isPending}>
              {lookup.isPending ? <Spinner label={text.vinBusy} size="sm" /> : text.vinSubmit}
            </button>
          </div>
        )}
      </Field>
      <p role="status" className="text-sm">
        {lookup.data ? vinStatus(lookup.data.found, lookup.data.filled) : null}
      </p>
    </form>
  );
}

function vinStatus(found: VinDecoded, filled: Choice): string {
  const name = vehicleName({
    year: found.year,
    make: filled.make || found.make,
    model: filled.model || found.model,
    variant: found.engine,
  });
  if (!filled.model) return text.vinNotListed(name);
  return filled.engineId ? text.vinFound(name) : text.vinChooseEngine(name);
}
