import type { CompanyInvitation } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_KEY, withdrawInvitation } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.invitations;

/** The invitations still waiting (owners only), each of which can be withdrawn. */
export function Invitations({ invitations }: { invitations: CompanyInvitation[] }) {
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (invitation: CompanyInvitation) => withdrawInvitation(invitation._id),
    onSuccess: (_reply, invitation) => toast.success(text.withdrawn(invitation.email)),
    // Gone either way (withdrawn, or accepted or expired meanwhile): show what is waiting now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_KEY }),
  });

  if (invitations.length === 0) return <p>{text.empty}</p>;
  return (
    <div className="flex flex-col gap-2">
      {withdraw.isError ? <ErrorText alert>{withdraw.error.message}</ErrorText> : null}
      <ul aria-label={text.list} className="flex flex-col gap-2">
        {invitations.map((invitation) => {
          const busy = withdraw.isPending && withdraw.variables._id === invitation._id;
          const textId = `invitation-${invitation._id}`;
          return (
            <li
              key={invitation._id}
              className="flex flex-col gap-2 rounded-box bg-base-100 p-3 ring-1 ring-base-300 sm:flex-row sm:items-center sm:justify-between"
            >
              <div id={textId} className="min-w-0">
                <p className="break-all font-medium">{invitation.email}</p>
                <p className="text-sm">
                  {text.as(invitation.role, companiesText.limit(invitation.spendingLimit))}
                </p>
                <p className="text-sm text-base-content/80">{text.expires(invitation.expiresAt)}</p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm self-start sm:self-center"
                aria-describedby={textId}
                disabled={busy}
                onClick={() => withdraw.mutate(invitation)}
              >
                {busy ? text.withdrawing : text.withdraw}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
