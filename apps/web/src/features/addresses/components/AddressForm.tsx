import type { Address, AddressBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { ADDRESSES_KEY, addAddress, updateAddress } from '../api.ts';
import { addressesText } from '../strings.ts';
import { AddressFields, type AddressValues, blankAddress } from './AddressFields.tsx';

const text = addressesText.page;
const addressRules = () => import('../form-rules.ts').then((r) => r.addressRules);

type Values = AddressValues & { isDefault: boolean };

const valuesOf = (address: Address | undefined): Values =>
  address
    ? {
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        postalCode: address.postalCode,
        country: address.country,
        isDefault: false,
      }
    : { ...blankAddress, isDefault: false };

type AddressFormProps = {
  /** The saved address to change; without it the form saves a new one. */
  address?: Address;
  /** Offer to make it the default: not for the default itself, nor for the first (it is one). */
  offerDefault: boolean;
  /** After the address was saved, and on Cancel (offered only with it): the form is done. */
  onClose?: () => void;
};

/**
 * The form of one address on My Addresses: a new one (the form starts afresh once it is saved)
 * or a saved one to change (the first field takes the focus). The server's refusal shows below.
 */
export function AddressForm({ address, offerDefault, onClose }: AddressFormProps) {
  const queryClient = useQueryClient();
  const idPrefix = address ? `address-${address._id}` : 'address-new';
  const form = useShopForm(addressRules, valuesOf(address));
  const { setFocus } = form;
  const editing = address !== undefined;

  useEffect(() => {
    if (editing) setFocus('line1');
  }, [editing, setFocus]);

  const save = useMutation({
    mutationFn: (body: AddressBody) =>
      address ? updateAddress(address._id, body) : addAddress(body),
    onSuccess: () => {
      toast.success(address ? text.updated : text.added);
      if (!address) form.reset(valuesOf(undefined));
      void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
      onClose?.();
    },
    // Another tab may have deleted it, or filled the list: show the list as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        if (!save.isPending) save.mutate(body);
      })}
    >
      <AddressFields form={form} idPrefix={idPrefix} />
      {offerDefault ? (
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            {...form.register('isDefault')}
          />
          {text.defaultChoice}
        </label>
      ) : null}
      {save.isError ? <ErrorText alert>{save.error.message}</ErrorText> : null}
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={save.isPending}
          busyLabel={text.saving}
        >
          {address ? text.save : text.add}
        </BusyButton>
        {onClose && address ? (
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {text.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
