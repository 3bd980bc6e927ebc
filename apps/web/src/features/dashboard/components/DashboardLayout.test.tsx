// The dashboard's drawer on a phone (issue 30 #6): opened, the focus goes to its close button
// and stays where Tab takes it; Escape closes it and gives the focus back to the menu button; the
// page behind cannot be reached meanwhile. The menu follows the role.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardLayout } from './DashboardLayout.tsx';

afterEach(cleanup);

const renderDashboard = (isAdmin = false) =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DashboardLayout userName="Ada Lovelace" isAdmin={isAdmin} />
    </MemoryRouter>,
  );

describe('the dashboard drawer', () => {
  it('takes the focus in, keeps it where Tab goes, and gives it back on Escape', async () => {
    renderDashboard();
    const open = screen.getByRole('button', { name: 'Open dashboard menu' });
    await userEvent.click(open);
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    const close = within(menu).getByRole('button', { name: 'Close dashboard menu' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.closest('.drawer-content')?.hasAttribute('inert')).toBe(true);

    // A link's own transition as the focus reaches it does not pull the focus back.
    const profile = within(menu).getByRole('link', { name: 'My Profile' });
    profile.focus();
    profile.dispatchEvent(new Event('transitionstart', { bubbles: true }));
    expect(document.activeElement).toBe(profile);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(open.closest('.drawer-content')?.hasAttribute('inert')).toBe(false);
  });

  it('closes from its close button, the focus going back to the menu button', async () => {
    renderDashboard();
    const open = screen.getByRole('button', { name: 'Open dashboard menu' });
    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Close dashboard menu' }));
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it("lists a customer's pages, and an admin's", () => {
    renderDashboard();
    const links = () =>
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links()).toEqual([
      'My Profile',
      'My Orders',
      'My Company',
      'My Addresses',
      'My Garage',
      'Add Review',
      'API keys',
      'Webhooks',
    ]);
    cleanup();
    renderDashboard(true);
    expect(links()).toContain('Manage All Orders');
    expect(links()).not.toContain('My Orders');
  });
});
