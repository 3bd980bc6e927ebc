import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import {
  type AdminUser,
  AUDIT_LOG_KEY,
  makeAdmin,
  removeUser,
  USERS_KEY,
  usersQuery,
} from '../api.ts';
import { LoadFailed, Loading } from '../components/LoadState.tsx';
import { adminText } from '../strings.ts';

const text = adminText.users;

/** A refusal of the token or the role: SPEC §8 answers it with 'Failed to Make Admin' and /. */
const isDenied = (error: Error) =>
  !(error instanceof ApiError) || error.status === 401 || error.status === 403;

/**
 * SPEC 'All User': every account with its index, name (an Admin badge for admins) and e-mail;
 * Make Admin for customers, and Remove User after a confirmation (PRODUCT §3.7).
 */
export default function AllUsersPage() {
  const queryClient = useQueryClient();
  const { data: users, isPending, isError, refetch } = useQuery(usersQuery());
  const [removing, setRemoving] = useState<AdminUser | null>(null);

  const promote = useMutation({
    mutationFn: (user: AdminUser) => makeAdmin(user.email),
    onSuccess: () => toast.success(text.adminMade),
    onError: (error) => toast.error(isDenied(error) ? text.adminFailed : error.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  const remove = useMutation({
    mutationFn: (user: AdminUser) => removeUser(user.email),
    onSuccess: (reply, user) => {
      setRemoving(null);
      if (reply.deletedCount > 0) toast.success(text.removed(user.email));
      else toast.info(text.removedNone(user.email));
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
      // The removed customer's unpaid orders are cancelled and their parts back in stock.
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
  });

  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <h2 id="all-users-heading" className="text-2xl font-semibold">
        {dashboardText.allUsers}
      </h2>
      {isPending ? (
        <Loading label={text.loading} />
      ) : isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => refetch()} />
      ) : users.length === 0 ? (
        <p className="py-8 text-lg">{text.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300">
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
              {users.map((user, index) => {
                const promoting = promote.isPending && promote.variables?.email === user.email;
                return (
                  <tr key={user._id}>
                    <td>{index + 1}</td>
                    <th scope="row" className="font-medium">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="break-words">{user.name}</span>
                        {user.role === 'admin' ? (
                          <span className="badge badge-primary badge-sm">{text.adminBadge}</span>
                        ) : null}
                      </span>
                    </th>
                    <td className="break-all">{user.email}</td>
                    <td>
                      <div className="flex flex-wrap gap-2">
                        {user.role === 'admin' ? null : (
                          <button
                            type="button"
                            className="btn btn-primary btn-sm whitespace-nowrap"
                            disabled={promoting}
                            onClick={() => promote.mutate(user)}
                          >
                            {promoting ? text.makingAdmin : text.makeAdmin}
                            <span className="sr-only">{text.whom(user.email)}</span>
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-error btn-sm whitespace-nowrap"
                          onClick={() => setRemoving(user)}
                        >
                          {text.removeUser}
                          <span className="sr-only">{text.whom(user.email)}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={text.confirmTitle}
        confirmLabel={text.confirm}
        cancelLabel={text.keep}
        busyLabel={text.removing}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? <p>{text.confirmBody(removing.name, removing.email)}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
