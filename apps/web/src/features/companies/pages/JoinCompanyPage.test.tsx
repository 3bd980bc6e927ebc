// The page an invitation's e-mail links to (issue 18): it says what joining means, joins with one
// press and goes to My Company; the server's refusal (another address, expired, already in a
// company) shows as the server says it, and a link without its token says it is not valid.
import { companyMessages } from '@axle/contract/company-texts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { buyerUser, fleet } from '../test-fixtures.ts';
import JoinCompanyPage from './JoinCompanyPage.tsx';

vi.mock('../../accounts/index.ts', () => ({ useAuth: () => ({ user: buyerUser }) }));

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: { success: (message: string) => toasts.push(message) },
}));

const TOKEN = 'k3Jx9Qm2vT7wLp4sYb8nRc5dHf6gZa1e';

let calls: { method: string; path: string; body: unknown }[];
let reply: Response;

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  reply = jsonReply(200, { ...fleet, role: 'buyer', invitations: [] });
  stubApi((url, init = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return reply;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(search: string) {
  renderAt(`/company/join${search}`, {
    '/company/join': <JoinCompanyPage />,
    '/dashboard/company': <p>The company page</p>,
  });
}

describe('joining a company from an invitation', () => {
  it('explains the invitation, joins with the token and goes to My Company', async () => {
    const user = userEvent.setup();
    renderPage(`?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Join a company' })).toBeTruthy();
    expect(
      screen.getByText(/an order above your spending limit waits for their approval/),
    ).toBeTruthy();
    expect(screen.getByText(/You are signed in as bea@fleet\.test/)).toBeTruthy();
    // Nothing is accepted before the person says so.
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Join the company' }));
    expect(await screen.findByText('The company page')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/company/invitations/accept', body: { token: TOKEN } },
    ]);
    expect(toasts).toEqual(['Welcome to Fleet Parts Ltd: you now order for the company.']);
  });

  it("shows the server's refusal and stays on the page", async () => {
    reply = jsonReply(403, {
      error: { code: 'forbidden', message: companyMessages.otherAddress('carl@fleet.test') },
    });
    const user = userEvent.setup();
    renderPage(`?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Join the company' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation is for carl@fleet.test: sign in with that address to accept it',
    );
    expect(screen.queryByText('The company page')).toBeNull();
    expect(toasts).toEqual([]);

    // An expired link says so too.
    reply = jsonReply(409, {
      error: { code: 'conflict', message: companyMessages.invitationGone },
    });
    await user.click(screen.getByRole('button', { name: 'Join the company' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(companyMessages.invitationGone),
    );
  });

  it('says a link without its token is not valid, and offers nothing to press', () => {
    renderPage('');
    expect(screen.getByRole('alert').textContent).toBe(companyMessages.token);
    expect(screen.queryByRole('button', { name: 'Join the company' })).toBeNull();
  });
});
