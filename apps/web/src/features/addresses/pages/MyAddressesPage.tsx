import type { Address } from '@axle/contract';
import { ADDRESSES_MAX } from '@axle/contract/buying-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { FocusFieldButton } from '../../../components/ui/FocusFieldButton.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { toast } from '../../../lib/toast.ts';
import { ADDRESSES_KEY, addressesQuery, deleteAddress, makeDefaultAddress } from '../api.ts';
import { AddressForm } from '../components/AddressForm.tsx';
import { AddressText, addressSummary } from '../components/AddressText.tsx';
import { addressesText } from '../strings.ts';

const text = addressesText.page;

/**
 * The dashboard's My Addresses (issue 17 #3): the customer's ship-to addresses, the default marked
 * and first; each can be changed, made the default or deleted (after a question), and a form below
 * adds one. Checkout offers them, the default chosen.
 */
export default function MyAddressesPage() {
  const queryClient = useQueryClient();
  const listQuery = addressesQuery();
  const addresses = useQuery(listQuery);
  const count = addresses.data?.length ?? 0;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });

  const makeDefault = useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: () => {
      toast.success(text.madeDefault);
      return refresh();
    },
    onError: () => void refresh(),
  });

  const remove = useMutation({
    mutationFn: (address: Address) => deleteAddress(address._id),
    onSuccess: (_reply, address) => {
      queryClient.setQueryData(listQuery.queryKey, (list) =>
        list?.filter((entry) => entry._id !== address._id),
      );
      // Its buttons are gone with it: the focus goes to the page's heading, not to the document.
      flushSync(() => setDeleting(null));
      heading.current?.focus();
      toast.success(text.deleted);
      // Another one may have become the default.
      void refresh();
    },
    // The dialog stays open with the server's words; the list shows what is now saved.
    onError: () => void refresh(),
  });

  function edit(address: Address) {
    makeDefault.reset();
    setEditing(address._id);
  }

  function closeEditor(address: Address) {
    flushSync(() => setEditing(null));
    editButtons.current.get(address._id)?.focus();
  }

  function askToDelete(address: Address) {
    remove.reset();
    setDeleting(address);
  }

  const full = count >= ADDRESSES_MAX;

  return (
    <section aria-labelledby="my-addresses-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2
          id="my-addresses-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {text.heading}
        </h2>
        <p className="max-w-2xl text-base-content/80">{text.intro}</p>
      </div>

      <ListLoad
        query={addresses}
        text={text}
        emptyAction={
          full ? undefined : (
            <FocusFieldButton field="address-new-line1">{text.addFirst}</FocusFieldButton>
          )
        }
      >
        {(data) => (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-base-content/75">{text.count(data.length)}</p>
            {makeDefault.isError ? <ErrorText alert>{makeDefault.error.message}</ErrorText> : null}
            <ul aria-label={text.list} className="flex flex-col gap-3">
              {data.map((address) => {
                const textId = `address-${address._id}-text`;
                const busy = makeDefault.isPending && makeDefault.variables._id === address._id;
                return (
                  <li
                    key={address._id}
                    className={`card bg-base-100 shadow-sm ring-1 ${address.isDefault ? 'ring-primary' : 'ring-base-300'}`}
                  >
                    <div className="card-body gap-3 p-4">
                      {editing === address._id ? (
                        <section
                          aria-labelledby={`address-${address._id}-edit-heading`}
                          className="flex flex-col gap-3"
                        >
                          <h3
                            id={`address-${address._id}-edit-heading`}
                            className="text-lg font-semibold"
                          >
                            {text.editHeading}
                          </h3>
                          <AddressForm
                            address={address}
                            offerDefault={!address.isDefault}
                            onClose={() => closeEditor(address)}
                          />
                        </section>
                      ) : (
                        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                          <div className="flex flex-wrap items-start gap-2">
                            <AddressText id={textId} address={address} />
                            {address.isDefault ? (
                              <span className="badge badge-primary">{addressesText.isDefault}</span>
                            ) : null}
                          </div>
                          <div className="flex flex-wrap gap-2">
                            <button
                              type="button"
                              ref={(button) => {
                                if (button) editButtons.current.set(address._id, button);
                                else editButtons.current.delete(address._id);
                              }}
                              className="btn btn-outline btn-sm"
                              aria-describedby={textId}
                              onClick={() => edit(address)}
                            >
                              {text.edit}
                            </button>
                            {address.isDefault ? null : (
                              <BusyButton
                                className="btn btn-outline btn-sm"
                                aria-describedby={textId}
                                busy={busy}
                                busyLabel={text.makingDefault}
                                onClick={() => makeDefault.mutate(address)}
                              >
                                {text.makeDefault}
                              </BusyButton>
                            )}
                            <button
                              type="button"
                              className="btn btn-outline btn-sm"
                              aria-describedby={textId}
                              disabled={busy}
                              onClick={() => askToDelete(address)}
                            >
                              {text.delete}
                            </button>
                          </div>
                        </div>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </ListLoad>

      <section aria-labelledby="address-add-heading" className="flex max-w-xl flex-col gap-3">
        <h3 id="address-add-heading" className="text-xl font-semibold">
          {text.addHeading}
        </h3>
        {full ? <p>{text.full}</p> : <AddressForm offerDefault={count > 0} />}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={text.deleteTitle}
        confirmLabel={text.deleteConfirm}
        cancelLabel={text.deleteKeep}
        busyLabel={text.deleting}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p className="break-words">{text.deleteBody(addressSummary(deleting))}</p>
        ) : null}
        {remove.isError ? (
          <ErrorText alert className="mt-2">
            {remove.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
