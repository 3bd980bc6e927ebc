import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { addressesQuery } from '../api.ts';
import { addressesText } from '../strings.ts';
import { AddressText } from './AddressText.tsx';

const text = addressesText.picker;

/** The picker's value when the customer chose to enter a new address (with `offerNew`). */
export const NEW_ADDRESS = 'new';

type AddressPickerProps = {
  /** The picked address's id, or NEW_ADDRESS; anything else is not a choice yet. */
  value: string | undefined;
  /** Called with the picked id (or NEW_ADDRESS), and once on its own while nothing is picked. */
  onChange: (value: string) => void;
  /** What the group is called: "Ship to" unless told. */
  legend?: string;
  /** Also offer "A new address", the choice made for a customer who has none saved. */
  offerNew?: boolean;
  /** Why the choice is refused (the form's message). */
  error?: string | undefined;
};

/**
 * The customer's saved addresses as one radio group (arrow keys move between them), the default
 * first. Until the customer picks, the default is picked for them (`onChange` is called with it
 * once the list has loaded, and again should the picked address no longer be saved).
 */
export function AddressPicker({
  value,
  onChange,
  legend = text.legend,
  offerNew = false,
  error,
}: AddressPickerProps) {
  const id = useId();
  const { data, isPending, isError, refetch } = useQuery(addressesQuery());

  const chosen =
    (offerNew && value === NEW_ADDRESS) || data?.some((address) => address._id === value);
  const fallback = data?.find((address) => address.isDefault)?._id ?? data?.[0]?._id;
  const preselect =
    data && !chosen ? (fallback ?? (offerNew ? NEW_ADDRESS : undefined)) : undefined;
  useEffect(() => {
    if (preselect !== undefined) onChange(preselect);
  }, [preselect, onChange]);

  if (isPending) return <Spinner label={text.loading} />;
  if (isError)
    return (
      <LoadFailed
        stacked
        message={text.loadFailed}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );

  const errorId = error ? `${id}-error` : undefined;
  const choices = [
    ...data.map((address) => ({
      value: address._id,
      label: (
        <span className="flex flex-wrap items-start gap-2">
          <AddressText address={address} as="span" />
          {address.isDefault ? (
            <span className="badge badge-primary badge-sm">{addressesText.isDefault}</span>
          ) : null}
        </span>
      ),
    })),
    ...(offerNew ? [{ value: NEW_ADDRESS, label: <span>{text.newAddress}</span> }] : []),
  ];

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      {choices.length === 0 ? <p>{text.empty}</p> : null}
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex cursor-pointer items-start gap-3 rounded-box bg-base-100 p-3 ring-1 ring-base-300 has-checked:ring-2 has-checked:ring-primary"
        >
          <input
            type="radio"
            name={`${id}-address`}
            className="radio radio-primary mt-0.5 shrink-0"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </fieldset>
  );
}
