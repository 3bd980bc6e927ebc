import { useId } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import type { AdminUser } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.users;

/** What an admin may do to an account, and whose account is being changed right now. */
export type UserActions = {
  onMakeAdmin: (user: AdminUser) => void;
  onRemove: (user: AdminUser) => void;
  /** The e-mail of the user being made an admin, if any. */
  promotingEmail: string | null;
  /** The e-mail of the user being removed, if any. */
  removingEmail: string | null;
  /** The signed-in admin's own e-mail: their row offers nothing (the shop refuses both). */
  selfEmail: string;
};

type UsersListProps = {
  users: AdminUser[];
  /** The number of the first row of this page (the '#' column counts across pages). */
  firstIndex: number;
} & UserActions;

/** All User: a table on a wide screen, one card per account on a phone. */
export function UsersList({ users, firstIndex, ...actions }: UsersListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.index}</th>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.email}</th>
              <th scope="col">{text.modify}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user, index) => (
              <tr key={user._id}>
                <td>{firstIndex + index}</td>
                <th scope="row" className="font-medium">
                  <UserName user={user} self={isSelf(user, actions.selfEmail)} />
                </th>
                <td className="[overflow-wrap:anywhere]">{user.email}</td>
                <td>
                  <UserButtons user={user} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 lg:hidden">
        {users.map((user, index) => (
          <li key={user._id}>
            <UserCard user={user} index={firstIndex + index} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

function UserCard({ user, index, ...actions }: { user: AdminUser; index: number } & UserActions) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          <span className="font-normal text-base-content/80">
            {text.index}
            {index}{' '}
          </span>
          <UserName user={user} self={isSelf(user, actions.selfEmail)} />
        </h3>
        <p className="text-sm [overflow-wrap:anywhere]">{user.email}</p>
        <div className="card-actions justify-end empty:hidden">
          <UserButtons user={user} {...actions} />
        </div>
      </div>
    </article>
  );
}

const isSelf = (user: AdminUser, selfEmail: string) =>
  user.email.toLowerCase() === selfEmail.toLowerCase();

/** The name, with an Admin badge for admins and a You badge on the admin's own row. */
function UserName({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="break-words">{user.name}</span>
      {user.role === 'admin' ? (
        <span className="badge badge-primary badge-sm">{text.adminBadge}</span>
      ) : null}
      {self ? <span className="badge badge-outline badge-sm">{text.youBadge}</span> : null}
    </span>
  );
}

/**
 * Make Admin (customers only) and Remove User, each saying whom it acts on and each asking first
 * (the page's dialogs). Neither is offered on the admin's own row: an admin stays an admin, and
 * the shop refuses to remove one's own account.
 */
function UserButtons({
  user,
  onMakeAdmin,
  onRemove,
  promotingEmail,
  removingEmail,
  selfEmail,
}: { user: AdminUser } & UserActions) {
  if (isSelf(user, selfEmail)) return null;
  const whom = <span className="sr-only">{text.whom(user.email)}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {user.role === 'admin' ? null : (
        <BusyButton
          className="btn btn-outline btn-sm whitespace-nowrap"
          busy={promotingEmail === user.email}
          busyLabel={
            <>
              {text.makingAdmin}
              {whom}
            </>
          }
          onClick={() => onMakeAdmin(user)}
        >
          {text.makeAdmin}
          {whom}
        </BusyButton>
      )}
      <BusyButton
        className="btn btn-outline btn-error btn-sm whitespace-nowrap"
        busy={removingEmail === user.email}
        onClick={() => onRemove(user)}
      >
        {text.removeUser}
        {whom}
      </BusyButton>
    </div>
  );
}
