import type { CompanyInvitation } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_KEY, withdrawInvitation } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.invitations;

type Props = {
  invitations: CompanyInvitation[];
  /** After one was withdrawn: where the focus goes, its row being gone. */
  onGone: () => void;
};

/** The invitations still waiting (owners only), each of which can be withdrawn after a question. */
export function Invitations({ invitations, onGone }: Props) {
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<CompanyInvitation | null>(null);
  const withdraw = useMutation({
    mutationFn: (invitation: CompanyInvitation) => withdrawInvitation(invitation._id),
    onSuccess: (_reply, invitation) => {
      toast.success(text.withdrawn(invitation.email));
      queryClient.setQueryData(
        COMPANY_KEY,
        (company: { invitations: CompanyInvitation[] } | null | undefined) =>
          company && {
            ...company,
            invitations: company.invitations.filter((entry) => entry._id !== invitation._id),
          },
      );
      flushSync(() => setWithdrawing(null));
      onGone();
    },
    // Gone either way (withdrawn, or accepted or expired meanwhile): show what is waiting now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_KEY }),
  });

  function ask(invitation: CompanyInvitation) {
    withdraw.reset();
    setWithdrawing(invitation);
  }

  return (
    <>
      {invitations.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <ul aria-label={text.list} className="flex flex-col gap-3">
          {invitations.map((invitation) => {
            const textId = `invitation-${invitation._id}`;
            return (
              <li
                key={invitation._id}
                className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:flex-row sm:items-center sm:justify-between"
              >
                <div id={textId} className="min-w-0">
                  <p className="font-medium">
                    <Breakable text={invitation.email} />
                  </p>
                  <p className="text-sm">
                    {text.as(invitation.role, companiesText.limit(invitation.spendingLimit))}
                  </p>
                  <p className="text-sm text-base-content/80">
                    {text.expires(invitation.expiresAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm self-start sm:self-center"
                  onClick={() => ask(invitation)}
                >
                  {text.withdraw}
                  <span className="sr-only">{text.whose(invitation.email)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={text.withdrawTitle}
        confirmLabel={text.withdrawConfirm}
        cancelLabel={text.keep}
        busyLabel={text.withdrawing}
        busy={withdraw.isPending}
        danger
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing);
        }}
        onCancel={() => setWithdrawing(null)}
      >
        {withdrawing ? (
          <p className="wrap-anywhere">{text.withdrawBody(withdrawing.email)}</p>
        ) : null}
        {withdraw.isError ? (
          <ErrorText alert className="mt-2">
            {withdraw.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
