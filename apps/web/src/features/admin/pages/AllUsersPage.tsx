import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useListAddress } from '../../../lib/list-address.ts';
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
  usersPageQuery,
} from '../api.ts';
import { ChoiceFilter } from '../components/ChoiceFilter.tsx';
import { ListBody } from '../components/ListBody.tsx';
import { ListTools } from '../components/ListTools.tsx';
import { UsersList } from '../components/UsersList.tsx';
import { adminText } from '../strings.ts';

const text = adminText.users;

/** A refusal of the token or the role: SPEC §8 answers it with 'Failed to Make Admin' and /. */
const isDenied = (error: Error) =>
  !(error instanceof ApiError) || error.status === 401 || error.status === 403;

/**
 * SPEC 'All User': the accounts with their index, name (an Admin badge for admins) and e-mail;
 * Make Admin for customers, and Remove User after a confirmation (PRODUCT §3.7). Searched, filtered
 * by role, sorted and paged by the server (PRODUCT §5); all of it kept in the page's address.
 */
export default function AllUsersPage() {
  const queryClient = useQueryClient();
  const address = useListAddress();
  const q = address.value('q');
  const role = address.value('role');
  const sort = address.value('sort');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    usersPageQuery({
      q: q || undefined,
      role: role || undefined,
      sort: sort || undefined,
      limit: address.limit,
      cursor: address.cursor,
    }),
  );
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

  const users = data?.rows ?? [];

  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <h2 id="all-users-heading" className="text-2xl font-semibold">
        {dashboardText.allUsers}
      </h2>
      <ListTools>
        <SearchBox
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onSearch={(search, options) => address.setFilters({ q: search }, options)}
        />
        <ChoiceFilter
          label={text.role}
          value={role}
          choices={text.roles}
          onChange={(value) => address.setFilters({ role: value })}
        />
        <ChoiceFilter
          label={adminText.tools.sort}
          value={sort}
          choices={text.sorts}
          onChange={(value) => address.setFilters({ sort: value })}
        />
      </ListTools>
      <ListBody
        loading={isPending}
        failed={isError}
        count={users.length}
        busy={isPlaceholderData}
        text={text}
        filtered={q !== '' || role !== ''}
        onRetry={() => refetch()}
        onClear={() => address.setFilters({ q: '', role: '' })}
      >
        <UsersList
          users={users}
          firstIndex={address.firstRow}
          onMakeAdmin={(user) => promote.mutate(user)}
          onRemove={setRemoving}
          promotingEmail={promote.isPending ? (promote.variables?.email ?? null) : null}
        />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
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
