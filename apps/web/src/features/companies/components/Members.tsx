import type { Company, CompanyMember } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_KEY, COMPANY_ORDERS_KEY, removeMember } from '../api.ts';

/** The edit dialog (a form) loads as the list is shown, not with the page (docs/decisions/008). */
const MemberDialog = lazy(() =>
  import('./MemberDialog.tsx').then((m) => ({ default: m.MemberDialog })),
);

import { companiesText } from '../strings.ts';

const text = companiesText.members;

type MembersProps = {
  company: Company;
  /** The signed-in person's user id: their own row says "You", and they may leave. */
  me: string;
  /** After someone was removed or the caller left: where the focus goes, their row being gone. */
  onGone: () => void;
};

type RowActions = {
  /** Owners change roles and limits and remove others; buyers only see. */
  owner: boolean;
  me: string;
  onEdit: (member: CompanyMember) => void;
  onRemove: (member: CompanyMember) => void;
};

/**
 * The company's people with their roles and spending limits: a table on a wide screen and cards
 * on a phone (CSS shows one). Owners change a member's role and limit in a dialog and remove a
 * member after a question; anyone may leave the company (the last owner cannot: the server says).
 */
export function Members({ company, me, onGone }: MembersProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const owner = company.role === 'owner';
  const self = company.members.find((member) => member.userId === me);

  const remove = useMutation({
    mutationFn: (member: CompanyMember) => removeMember(member.userId),
    onSuccess: (_reply, member) => {
      if (member.userId === me) {
        toast.success(text.left(company.legalName));
        // No company any more: the page offers to create one, and the orders are not ours.
        queryClient.removeQueries({ queryKey: COMPANY_ORDERS_KEY });
        void queryClient.resetQueries({ queryKey: COMPANY_KEY });
      } else {
        toast.success(text.removed(member.name));
        queryClient.setQueryData<Company>(
          COMPANY_KEY,
          (current) =>
            current && {
              ...current,
              members: current.members.filter((entry) => entry.userId !== member.userId),
            },
        );
        void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
      }
      // Their buttons are gone with them: the focus goes to the page, not to the document.
      flushSync(() => setRemoving(null));
      onGone();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: COMPANY_KEY }),
  });

  function askToRemove(member: CompanyMember) {
    remove.reset();
    setRemoving(member);
  }

  const actions: RowActions = { owner, me, onEdit: setEditing, onRemove: askToRemove };
  const leaving = removing !== null && removing.userId === me;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/80">{text.count(company.members.length)}</p>
      <MembersTable members={company.members} {...actions} />
      <MemberCards members={company.members} {...actions} />
      {self ? (
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => askToRemove(self)}
          >
            {text.leave}
          </button>
        </div>
      ) : null}

      <Suspense fallback={null}>
        <MemberDialog member={editing} onClose={() => setEditing(null)} />
      </Suspense>
      <ConfirmDialog
        open={removing !== null}
        title={leaving ? text.leaveTitle : text.removeTitle}
        confirmLabel={leaving ? text.leaveConfirm : text.removeConfirm}
        cancelLabel={leaving ? text.stay : text.keep}
        busyLabel={leaving ? text.leaving : text.removing}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p className="wrap-anywhere">
            {leaving
              ? text.leaveBody(company.legalName)
              : text.removeBody(removing.name, removing.email, company.legalName)}
          </p>
        ) : null}
        {remove.isError ? (
          <ErrorText alert className="mt-2">
            {remove.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function NameCell({ member, me }: { member: CompanyMember; me: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2 break-words">
      {member.name}
      {member.userId === me ? (
        <span className="badge badge-primary badge-sm">{text.you}</span>
      ) : null}
    </span>
  );
}

/** An owner's buttons for one member: change them, and remove anyone but themselves. */
function MemberButtons({
  member,
  owner,
  me,
  onEdit,
  onRemove,
}: RowActions & { member: CompanyMember }) {
  if (!owner) return null;
  const whom = <span className="sr-only">{text.whom(member.name)}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => onEdit(member)}>
        {text.edit}
        {whom}
      </button>
      {member.userId === me ? null : (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onRemove(member)}>
          {text.remove}
          {whom}
        </button>
      )}
    </div>
  );
}

function MembersTable({ members, ...actions }: RowActions & { members: CompanyMember[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 md:block">
      <table className="table">
        <caption className="sr-only">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.role}</th>
            <th scope="col">{text.limit}</th>
            {actions.owner ? <th scope="col">{text.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className="font-medium">
                <NameCell member={member} me={actions.me} />
              </th>
              <td>
                <Breakable text={member.email} />
              </td>
              <td>{companiesText.roles[member.role]}</td>
              <td className="whitespace-nowrap">{companiesText.limit(member.spendingLimit)}</td>
              {actions.owner ? (
                <td>
                  <MemberButtons member={member} {...actions} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberCards({ members, ...actions }: RowActions & { members: CompanyMember[] }) {
  return (
    <ul aria-label={text.list} className="flex flex-col gap-3 md:hidden">
      {members.map((member) => (
        <li key={member.userId} className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300">
          <div className="card-body gap-2">
            <p className="font-semibold">
              <NameCell member={member} me={actions.me} />
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{text.email}</dt>
              <dd className="min-w-0">
                <Breakable text={member.email} />
              </dd>
              <dt className="font-medium">{text.role}</dt>
              <dd>{companiesText.roles[member.role]}</dd>
              <dt className="font-medium">{text.limit}</dt>
              <dd>{companiesText.limit(member.spendingLimit)}</dd>
            </dl>
            <MemberButtons member={member} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
