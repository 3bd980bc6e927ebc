// The navbar's account (SPEC 'Navigation bar', issue 30 #6): "{name}'s Account" stays the
// button's whole name at every width, the circle shows the initials, and its menu shows the full
// name and address with the account's pages; SignOut waits while the session ends.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialsOf, Navbar } from './Navbar.tsx';

const auth = {
  user: { name: 'Bartholomew Featherstonehaugh-Smythe', email: 'bart@fleet.test' } as {
    name: string;
    email: string;
  } | null,
  isAdmin: false,
  signOut: vi.fn(() => Promise.resolve()),
};
vi.mock('../../features/accounts/AuthProvider.tsx', () => ({ useAuth: () => auth }));
vi.mock('../../features/accounts/useSessionNavigation.ts', () => ({
  useSessionNavigation: () => undefined,
}));
vi.mock('../../features/catalog/components/NavbarSearch.tsx', () => ({ NavbarSearch: () => null }));
vi.mock('../../features/cart/components/CartLink.tsx', () => ({ CartLink: () => null }));

beforeEach(() => {
  auth.user = { name: 'Bartholomew Featherstonehaugh-Smythe', email: 'bart@fleet.test' };
  auth.isAdmin = false;
  auth.signOut = vi.fn(() => Promise.resolve());
});
afterEach(cleanup);

const renderNavbar = () =>
  render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );

describe('initialsOf', () => {
  it('takes the first letters of the first and the last word', () => {
    expect(initialsOf('Bartholomew Featherstonehaugh-Smythe')).toBe('BF');
    expect(initialsOf('  ada  de la  lovelace ')).toBe('AL');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('Łukasz Ŝmith')).toBe('ŁŜ');
  });
});

describe('the navbar of a signed-in customer', () => {
  it("names the account button '{name}'s Account' in full, beside the initials", () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const account = within(nav).getByRole('button', {
      name: "Bartholomew Featherstonehaugh-Smythe's Account",
    });
    expect(account.textContent).toBe("BFBartholomew Featherstonehaugh-Smythe's Account");
    expect(account.getAttribute('aria-expanded')).toBe('false');
    // Shown beside the circle on a wide screen, never cut to fit.
    const words = within(account).getByText("Bartholomew Featherstonehaugh-Smythe's Account");
    expect(words.className).not.toMatch(/truncate|text-ellipsis/);
  });

  it('opens a menu with the full name, the address and the pages of the account', async () => {
    renderNavbar();
    const account = screen.getByRole('button', { name: /'s Account$/ });
    await userEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    // The menu's list is fetched when it first opens.
    const menu = await waitFor(() => {
      const list = document.getElementById('account-menu');
      if (!list) throw new Error('the account menu has not arrived');
      return list;
    });
    expect(within(menu).getByText('Bartholomew Featherstonehaugh-Smythe')).toBeTruthy();
    expect(menu.textContent).toContain('bart@fleet.test');
    expect(within(menu).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(menu).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
      '/dashboard/myorder2',
    );
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('account-menu')).toBeNull();
    expect(document.activeElement).toBe(account);
  });

  it('leads an admin to Manage All Orders instead', async () => {
    auth.isAdmin = true;
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /'s Account$/ }));
    const menu = await waitFor(() => {
      const list = document.getElementById('account-menu');
      if (!list) throw new Error('the account menu has not arrived');
      return list;
    });
    expect(within(menu).getByRole('link', { name: 'Manage All Orders' }).getAttribute('href')).toBe(
      '/dashboard/manageallorders',
    );
    expect(within(menu).queryByRole('link', { name: 'My Orders' })).toBeNull();
  });

  it('SignOut waits, disabled, while the session ends', async () => {
    let end = () => {};
    auth.signOut = vi.fn(() => new Promise<void>((resolve) => (end = resolve)));
    renderNavbar();
    const signOut = screen.getByRole('button', { name: 'SignOut' }) as HTMLButtonElement;
    await userEvent.click(signOut);
    await userEvent.click(signOut);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(signOut.disabled).toBe(true);
    expect(signOut.getAttribute('aria-busy')).toBe('true');
    end();
    await waitFor(() => expect(signOut.disabled).toBe(false));
  });
});

describe('the navbar of a visitor', () => {
  it('offers Login and Register, and no account', () => {
    auth.user = null;
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /'s Account$/ })).toBeNull();
  });
});
