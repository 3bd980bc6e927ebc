// All User's actions that cannot be undone ask first (issue 30 #4): Make Admin names the person in
// a dialog whose safe choice is Cancel, Cancel changes nothing and a confirmed promotion is sent
// once however quickly it is clicked; Remove User names the person too, and neither is offered on
// the signed-in admin's own row (the shop would refuse to remove it).
import type { AdminUser } from '@axle/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { AuthProvider } from '../../accounts/AuthProvider.tsx';
import AllUsersPage from './AllUsersPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

const me: AdminUser = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Grace Hopper',
  email: 'grace@axle.test',
  role: 'admin',
  emailVerified: true,
  createdAt: '2025-01-01T09:00:00.000Z',
};
const ada: AdminUser = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: null,
  emailVerified: true,
  createdAt: '2025-01-02T09:00:00.000Z',
};
const alan: AdminUser = {
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Alan Turing',
  email: 'alan@example.com',
  role: null,
  emailVerified: true,
  createdAt: '2025-01-03T09:00:00.000Z',
};

/** An access token with an hour to live, as the session reads it (only its claims matter here). */
function accessToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: me._id, iat: now, exp: now + 3600 })}.signature`;
}

type Call = { method: string; path: string };
let calls: Call[];
let admins: Set<string>;

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  admins = new Set([me.email]);
  localStorage.setItem(TOKEN_KEY, accessToken());
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = decodeURIComponent(url.pathname);
    calls.push({ method, path });
    if (method === 'GET' && path === '/api/auth/me')
      return jsonReply(200, { user: { _id: me._id, name: me.name, email: me.email } });
    if (method === 'GET' && path.startsWith('/api/admin/'))
      return jsonReply(200, { admin: admins.has(path.slice('/api/admin/'.length)) });
    if (method === 'GET' && path === '/api/users') {
      const users = [me, ada, alan].map((user) =>
        admins.has(user.email) ? { ...user, role: 'admin' } : user,
      );
      return jsonReply(200, users, { 'X-Total-Count': '3' });
    }
    if (method === 'PUT' && path.startsWith('/api/user/admin/')) {
      admins.add(path.slice('/api/user/admin/'.length));
      return jsonReply(200, { modifiedCount: 1 });
    }
    return jsonReply(404, { error: { code: 'not_found', message: `no ${method} ${path}` } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage() {
  renderAt('/dashboard/alluser', { '/dashboard/alluser': <AllUsersPage /> }, AuthProvider);
}

/** The desktop table (the phone's cards are in the page too: CSS alone tells them apart). */
const rowOf = async (email: string) => {
  const table = await screen.findByRole('table', { name: 'Every account of the shop' });
  const row = within(table)
    .getAllByRole('row')
    .find((entry) => entry.textContent?.includes(email));
  if (!row) throw new Error(`no row of ${email}`);
  return row;
};
const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => call.path);

describe('All User', () => {
  it('asks before making someone an admin, naming them; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf(ada.email);
    await user.click(within(row).getByRole('button', { name: `Make Admin ${ada.email}` }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Make Ada Lovelace (ada@example.com) an admin?',
    });
    // The safe choice comes first in the dialog.
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Make Admin']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);
    expect(toasts).toEqual([]);
    expect(within(row).queryByText('Admin', { exact: true })).toBeNull();
  });

  it('makes someone an admin once confirmed, once however quickly Make Admin is clicked', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf(ada.email)).getByRole('button', { name: `Make Admin ${ada.email}` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Make Ada Lovelace (ada@example.com) an admin?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Make Admin' });
    // Two clicks before the page can re-render the button as busy, as a quick double click lands.
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(toasts).toEqual(['Successfully Made an Admin']));
    expect(puts()).toEqual([`/api/user/admin/${ada.email}`]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list read again: Ada is an admin, with no Make Admin left.
    await waitFor(async () =>
      expect(within(await rowOf(ada.email)).getByText('Admin', { exact: true })).toBeTruthy(),
    );
    expect(
      within(await rowOf(ada.email)).queryByRole('button', { name: /^Make Admin/ }),
    ).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'All User' }));
  });

  it("offers nothing on the admin's own row, and asks before removing someone, naming them", async () => {
    const user = userEvent.setup();
    renderPage();
    const own = await rowOf(me.email);
    await waitFor(() => expect(within(own).getByText('You')).toBeTruthy());
    expect(within(own).queryByRole('button')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Users' });
    const ownCard = within(cards)
      .getAllByRole('article')
      .find((card) => card.textContent?.includes(me.email));
    expect(ownCard && within(ownCard).queryByRole('button')).toBeNull();

    const row = await rowOf(alan.email);
    await user.click(within(row).getByRole('button', { name: `Remove User ${alan.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Alan Turing?' });
    expect(dialog.textContent).toContain('Alan Turing (alan@example.com) will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the user' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });
});
