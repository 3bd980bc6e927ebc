// The dashboard's Webhooks (issue 19 #4): an endpoint is added with an https URL and events, its
// signing secret shown once with Copy and how to check a delivery's signature; an endpoint's
// deliveries are listed a page at a time; deleting asks first; the form's rules and the server's
// refusals are shown beside the form.
import { integrationMessages } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../lib/test-render.tsx';
import {
  delivery,
  ENDPOINT_ID,
  endpoint,
  NEW_SECRET,
  resetServer,
  sent,
  server,
} from '../test-server.ts';
import WebhooksPage from './WebhooksPage.tsx';

vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => server.toasts.push(message),
    error: (message: string) => server.toasts.push(message),
    info: (message: string) => server.toasts.push(message),
  },
}));

beforeAll(async () => {
  await Promise.all([import('../form-rules.ts'), import('../components/WebhookForm.tsx')]);
});
beforeEach(resetServer);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = (path = '/dashboard/webhooks') =>
  renderAt(path, { '/dashboard/webhooks': <WebhooksPage /> });
const addForm = async () => within(await screen.findByRole('region', { name: 'Add an endpoint' }));
const endpointCards = async () =>
  within(await screen.findByRole('list', { name: 'Your webhook endpoints' })).getAllByRole(
    'article',
  );
const deliveryRows = async () =>
  within(await screen.findByRole('table', { name: 'Deliveries, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('Webhooks', () => {
  it('adds an endpoint, shows its signing secret once, and lists it', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText('You have no webhook endpoints yet: add one below.'),
    ).toBeTruthy();
    const form = await addForm();
    expect(form.getByText('Axle-Signature: t={unix seconds},v1={signature}')).toBeTruthy();
    expect(form.getByText('{t}.{body}')).toBeTruthy();

    await user.type(form.getByLabelText('URL'), 'https://erp.fleet.test/hooks');
    await user.click(form.getByRole('checkbox', { name: /An order is paid/ }));
    await user.click(form.getByRole('button', { name: 'Add the endpoint' }));

    const panel = within(
      await screen.findByRole('region', { name: 'Copy the signing secret now' }),
    );
    expect(panel.getByText(/It will not be shown again/)).toBeTruthy();
    const shown = panel.getByLabelText(
      'Signing secret of https://erp.fleet.test/hooks',
    ) as HTMLInputElement;
    expect(shown.value).toBe(NEW_SECRET);
    await user.click(panel.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_SECRET);
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: '/api/webhooks',
        body: { url: 'https://erp.fleet.test/hooks', events: ['order.paid'] },
      },
    ]);

    await waitFor(async () => expect(await endpointCards()).toHaveLength(1));
    const [card] = (await endpointCards()) as [HTMLElement];
    expect(card.textContent).toContain('https://erp.fleet.test/hooks');
    expect(card.textContent).toContain('order.paid');
    expect(card.textContent).toContain('Waiting to be sent0');
    expect(card.textContent).toContain('Last deliveryNone yet');
    expect(card.textContent).not.toContain(NEW_SECRET);

    await user.click(panel.getByRole('button', { name: 'I have copied it' }));
    expect(document.body.innerHTML).not.toContain(NEW_SECRET);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add an endpoint' }));
  });

  it('asks for an https URL and at least one event, and shows why the server refused one', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    await user.click(form.getByRole('button', { name: 'Add the endpoint' }));
    expect(await form.findByText(integrationMessages.url)).toBeTruthy();
    expect(form.getByText(integrationMessages.events)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('URL'));

    await user.type(form.getByLabelText('URL'), 'ftp://erp.fleet.test/hooks');
    await user.click(form.getByRole('checkbox', { name: /An order is shipped/ }));
    await user.click(form.getByRole('button', { name: 'Add the endpoint' }));
    await waitFor(() => expect(form.queryByText(integrationMessages.events)).toBeNull());
    expect(form.getByText(integrationMessages.url)).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    // Whether a plain http address may be used is the server's call (tests and development only).
    await user.clear(form.getByLabelText('URL'));
    await user.type(form.getByLabelText('URL'), 'http://erp.fleet.test/hooks');
    await user.click(form.getByRole('button', { name: 'Add the endpoint' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The URL must be an https address of a public host',
    );
    expect(sent('POST')).toHaveLength(1);
  });

  it("shows the server's refusal, such as a company buyer's", async () => {
    server.refuse = { status: 403, message: "Only the company's owners can add webhooks" };
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    await user.type(form.getByLabelText('URL'), 'https://erp.fleet.test/hooks');
    await user.click(form.getByRole('checkbox', { name: /An order is placed/ }));
    await user.click(form.getByRole('button', { name: 'Add the endpoint' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      "Only the company's owners can add webhooks",
    );
  });

  it("lists an endpoint's deliveries and loads more of them on demand", async () => {
    server.endpoints = [endpoint];
    server.pageSize = 2;
    server.deliveries = [
      delivery(0, {
        event: 'order.shipped',
        state: 'pending',
        attempts: 2,
        lastStatus: 503,
        lastError: 'The endpoint answered 503',
        nextAttemptAt: '2025-03-03T09:00:00.000Z',
        deliveredAt: null,
      }),
      delivery(1, {
        state: 'failed',
        attempts: 12,
        lastStatus: null,
        lastError: 'No answer within 10 s',
        deliveredAt: null,
      }),
      delivery(2),
    ];
    const user = userEvent.setup();
    renderPage();
    const [card] = (await endpointCards()) as [HTMLElement];
    expect(card.textContent).toContain('order.placed');
    expect(card.textContent).toContain('order.shipped');
    expect(card.textContent).toContain('Waiting to be sent1');
    const show = within(card).getByRole('button', {
      name: 'Deliveries to https://erp.fleet.test/axle',
    });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await user.click(show);

    // The URL wraps at its slashes and dots (<wbr>), which the simulated browser reads as spaces.
    const heading = await screen.findByRole('heading', { name: /^Deliveries to https:/ });
    expect(heading.textContent).toBe('Deliveries to https://erp.fleet.test/axle');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(show.getAttribute('aria-pressed')).toBe('true');
    const [pending, failed] = (await deliveryRows()) as [HTMLElement, HTMLElement];
    expect(pending.textContent).toContain('order.shipped');
    expect(pending.textContent).toContain(delivery(0).orderId);
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(pending.textContent).toContain('HTTP 503');
    expect(pending.textContent).toContain('The endpoint answered 503');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(failed.textContent).toContain('12');
    expect(failed.textContent).toContain('No answer within 10 s');
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await deliveryRows()).toHaveLength(3));
    const [, , delivered] = (await deliveryRows()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(delivered.textContent).toContain('HTTP 200');
    expect(server.calls.filter((call) => call.path.endsWith('/deliveries'))).toMatchObject([
      { query: '?limit=20' },
      { query: '?limit=20&cursor=2' },
    ]);
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The phone's cards say the same.
    expect(
      within(screen.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem'),
    ).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Hide the deliveries' }));
    expect(screen.queryByRole('table', { name: 'Deliveries, newest first' })).toBeNull();
  });

  it('opens on the endpoint the address names', async () => {
    server.endpoints = [endpoint];
    server.deliveries = [delivery(0)];
    renderPage(`/dashboard/webhooks?endpoint=${ENDPOINT_ID}`);
    expect(await deliveryRows()).toHaveLength(1);
  });

  it('deletes an endpoint only after asking', async () => {
    server.endpoints = [endpoint];
    const user = userEvent.setup();
    renderPage();
    const [card] = (await endpointCards()) as [HTMLElement];
    await user.click(
      within(card).getByRole('button', { name: 'Delete the endpoint https://erp.fleet.test/axle' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(dialog.textContent).toContain('Nothing more is sent to https://erp.fleet.test/axle');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the endpoint' }));
    expect(
      await screen.findByText('You have no webhook endpoints yet: add one below.'),
    ).toBeTruthy();
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/webhooks/${ENDPOINT_ID}`, body: undefined },
    ]);
    expect(server.toasts).toEqual(['The endpoint https://erp.fleet.test/axle is deleted.']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhooks' }));
  });
});
