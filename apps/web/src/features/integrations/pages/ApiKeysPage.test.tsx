// The dashboard's API keys (issue 19 #3): a key is made with a name and scopes, shown once with
// Copy, and then listed only by how it starts; revoking asks first; the server's refusals and the
// form's rules are shown beside the form.
import { integrationMessages } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../lib/test-render.tsx';
import { KEY_ID, NEW_KEY, purchasingKey, resetServer, sent, server } from '../test-server.ts';
import ApiKeysPage from './ApiKeysPage.tsx';

vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => server.toasts.push(message),
    error: (message: string) => server.toasts.push(message),
    info: (message: string) => server.toasts.push(message),
  },
}));

// The form and its rules load as the page shows them: loaded once first, so that no test's first
// wait is spent on loading them.
beforeAll(async () => {
  await Promise.all([import('../form-rules.ts'), import('../components/ApiKeyForm.tsx')]);
});
beforeEach(resetServer);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A moment as the page writes it, in the test machine's time zone. */
const at = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
const renderPage = () =>
  renderAt('/dashboard/api-keys', { '/dashboard/api-keys': <ApiKeysPage /> });
const keysTable = () => screen.findByRole('table', { name: 'Your API keys, newest first' });
const createForm = async () =>
  within(await screen.findByRole('region', { name: 'Create an API key' }));

describe('API keys', () => {
  it('creates a key, shows it once with Copy, and then lists it only by how it starts', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('You have no API keys yet: create one below.')).toBeTruthy();
    const form = await createForm();
    expect(form.getByText('Authorization: Bearer axk_…')).toBeTruthy();
    expect(form.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/api/docs',
    );

    await user.type(form.getByLabelText('Name'), '  Purchasing system ');
    await user.click(form.getByRole('checkbox', { name: /Read the catalogue/ }));
    await user.click(form.getByRole('checkbox', { name: /Fill the cart, check out/ }));
    await user.click(form.getByRole('button', { name: 'Create the key' }));

    const panel = within(await screen.findByRole('region', { name: 'Copy your new API key now' }));
    expect(panel.getByText(/It will not be shown again/)).toBeTruthy();
    const shown = panel.getByLabelText('API key Purchasing system') as HTMLInputElement;
    expect(shown.value).toBe(NEW_KEY);
    expect(shown.readOnly).toBe(true);
    expect(document.activeElement).toBe(
      panel.getByRole('heading', { name: 'Copy your new API key now' }),
    );
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: '/api/keys',
        body: { name: 'Purchasing system', scopes: ['catalogue:read', 'orders:write'] },
      },
    ]);

    await user.click(panel.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(server.toasts).toEqual(['Copied to the clipboard.']);

    // The list shows it by how it starts, never the key itself.
    const table = await keysTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('rowheader').textContent).toBe('Purchasing system');
    expect(row.textContent).toContain('catalogue:read');
    expect(row.textContent).toContain('orders:write');
    expect(row.textContent).toContain('axk_3fA9c2…');
    expect(row.textContent).toContain('Never');
    expect(table.textContent).not.toContain(NEW_KEY);

    // Once copied, it is gone from the page.
    await user.click(panel.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: 'Copy your new API key now' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(NEW_KEY);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Create an API key' }));
    expect(((await createForm()).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('lists the keys with their scopes and when each was made and last used', async () => {
    server.keys = [purchasingKey];
    renderPage();
    const row = within(await keysTable()).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'catalogue:readorders:read',
      'axk_7hT2kQ…',
      at('2025-03-01T10:00:00.000Z'),
      at('2025-03-02T09:30:00.000Z'),
      'Revoke the key Purchasing system',
    ]);
    // The phone's cards say the same.
    const card = within(screen.getByRole('list', { name: 'Your API keys' })).getByRole('listitem');
    expect(card.textContent).toContain('axk_7hT2kQ…');
    expect(card.textContent).toContain(at('2025-03-02T09:30:00.000Z'));
  });

  it('revokes a key only after asking', async () => {
    server.keys = [purchasingKey];
    const user = userEvent.setup();
    renderPage();
    const table = await keysTable();
    const revoke = within(table).getByRole('button', { name: 'Revoke the key Purchasing system' });

    await user.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(dialog.textContent).toContain(
      'The key Purchasing system (axk_7hT2kQ…) stops working at once',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    await user.click(revoke);
    dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(await screen.findByText('You have no API keys yet: create one below.')).toBeTruthy();
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/keys/${KEY_ID}`, body: undefined },
    ]);
    expect(server.toasts).toEqual(['The key Purchasing system is revoked.']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'API keys' }));
  });

  it("shows the server's refusal, such as a company buyer's", async () => {
    server.refuse = { status: 403, message: "Only the company's owners can create API keys" };
    const user = userEvent.setup();
    renderPage();
    const form = await createForm();
    await user.type(form.getByLabelText('Name'), 'ERP');
    await user.click(form.getByRole('checkbox', { name: /Read your orders/ }));
    await user.click(form.getByRole('button', { name: 'Create the key' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      "Only the company's owners can create API keys",
    );
    expect(screen.queryByRole('region', { name: 'Copy your new API key now' })).toBeNull();
  });

  it('asks for a name and at least one scope before sending', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await createForm();
    await user.click(form.getByRole('button', { name: 'Create the key' }));
    expect(await form.findByText(integrationMessages.keyName)).toBeTruthy();
    expect(form.getByText(integrationMessages.scopes)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Name'));
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(
      form.getByRole('group', { name: 'What it may do' }).getAttribute('aria-describedby'),
    ).toBe('api-key-scopes-error');

    // A name of spaces is no name; a scope chosen clears its message.
    await user.type(form.getByLabelText('Name'), '   ');
    await user.click(form.getByRole('checkbox', { name: /Read the catalogue/ }));
    await user.click(form.getByRole('button', { name: 'Create the key' }));
    await waitFor(() => expect(form.queryByText(integrationMessages.scopes)).toBeNull());
    expect(form.getByText(integrationMessages.keyName)).toBeTruthy();
    expect(sent('POST')).toEqual([]);
  });
});
