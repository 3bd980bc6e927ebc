import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { useListAddress } from '../../../lib/list-address.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../accounts/index.ts';
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
 * Make Admin for customers and Remove User (PRODUCT §3.7), each after a dialog that names the
 * person, and neither on the admin's own row. Searched, filtered by role, sorted and paged by the
 * server (PRODUCT §5); all of it kept in the page's address.
 */
export default function AllUsersPage() {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
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
  const [promoting, setPromoting] = useState<AdminUser | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // The button that opened a dialog is gone once its action is done (Make Admin from a new
    // admin's row, the removed user's row): once the dialog has closed, the heading takes the
    // focus instead (a dialog cancelled gives it back to the button by itself).
    if (promoting || removing || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [promoting, removing]);

  const promote = useOneAtATimeMutation({
    mutationFn: (user: AdminUser) => makeAdmin(user.email),
    onSuccess: () => {
      focusHeading.current = true;
      setPromoting(null);
      toast.success(text.adminMade);
    },
    onError: (error) => {
      setPromoting(null);
      toast.error(isDenied(error) ? text.adminFailed : error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  const remove = useOneAtATimeMutation({
    mutationFn: (user: AdminUser) => removeUser(user.email),
    onSuccess: (reply, user) => {
      focusHeading.current = true;
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
      <h2
        ref={heading}
        id="all-users-heading"
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none sm:text-3xl"
      >
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
          onMakeAdmin={setPromoting}
          onRemove={setRemoving}
          promotingEmail={promote.isPending ? (promote.variables?.email ?? null) : null}
          removingEmail={remove.isPending ? (remove.variables?.email ?? null) : null}
          selfEmail={me?.email ?? ''}
        />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
      <ConfirmDialog
        open={promoting !== null}
        title={promoting ? text.makeAdminTitle(promoting.name, promoting.email) : ''}
        confirmLabel={text.makeAdmin}
        cancelLabel={text.cancel}
        busyLabel={text.makingAdmin}
        busy={promote.isPending}
        onConfirm={() => {
          if (promoting) promote.mutate(promoting);
        }}
        onCancel={() => setPromoting(null)}
      >
        <p>{text.makeAdminBody}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? text.confirmTitle(removing.name) : ''}
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
