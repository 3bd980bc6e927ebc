import { useId } from 'react';
import type { AdminUser } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.users;

/** What an admin may do to an account, and whose account is being made an admin right now. */
export type UserActions = {
  onMakeAdmin: (user: AdminUser) => void;
  onRemove: (user: AdminUser) => void;
  /** The e-mail of the user being made an admin, if any. */
  promotingEmail: string | null;
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
                  <UserName user={user} />
                </th>
                <td className="break-all">{user.email}</td>
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
        <h3 id={titleId} className="text-base">
          <span className="text-base-content/80">
            {text.index}
            {index}{' '}
          </span>
          <UserName user={user} />
        </h3>
        <p className="break-all text-sm">{user.email}</p>
        <div className="card-actions justify-end">
          <UserButtons user={user} {...actions} />
        </div>
      </div>
    </article>
  );
}

/** The name, with an Admin badge for admins. */
function UserName({ user }: { user: AdminUser }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2 font-medium">
      <span className="break-words">{user.name}</span>
      {user.role === 'admin' ? (
        <span className="badge badge-primary badge-sm">{text.adminBadge}</span>
      ) : null}
    </span>
  );
}

/** Make Admin (customers only) and Remove User, each saying whom it acts on. */
function UserButtons({
  user,
  onMakeAdmin,
  onRemove,
  promotingEmail,
}: { user: AdminUser } & UserActions) {
  const promoting = promotingEmail === user.email;
  return (
    <div className="flex flex-wrap gap-2">
      {user.role === 'admin' ? null : (
        <button
          type="button"
          className="btn btn-primary btn-sm whitespace-nowrap"
          disabled={promoting}
          onClick={() => onMakeAdmin(user)}
        >
          {promoting ? text.makingAdmin : text.makeAdmin}
          <span className="sr-only">{text.whom(user.email)}</span>
        </button>
      )}
      <button
        type="button"
        className="btn btn-error btn-sm whitespace-nowrap"
        onClick={() => onRemove(user)}
      >
        {text.removeUser}
        <span className="sr-only">{text.whom(user.email)}</span>
      </button>
    </div>
  );
}
