// The verification link opened in a browser that did not sign up (issue 30 #5): the page names
// the verified address and asks for the password there; only choosing one signs anyone in, and
// then the customer goes on to the page they came from.
import { authMessages, messages } from '@axle/contract/texts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { AuthProvider } from '../AuthProvider.tsx';
import { RequireAuth } from '../guards.tsx';
import VerifyEmailPage from './VerifyEmailPage.tsx';

const email = 'orders@fleet.company';
const user = {
  _id: '5b7e4a52-8a43-4a43-9c1e-2b7a7d1c9e10',
  name: 'Fleet Orders',
  email,
  img: null,
  role: null,
  emailVerified: true,
  providerId: 'password',
};
const LINK = `/verify-email?token=${'v'.repeat(43)}&from=%2Fdashboard%2Faddreview`;
const PROOF = 'p'.repeat(43);

let calls: { call: string; body: unknown }[];
/** What choosing the password answers (the proof works, or it has expired). */
let chooseReply: () => Response;

beforeEach(() => {
  calls = [];
  localStorage.clear();
  chooseReply = () => jsonReply(200, { user, token: 'the-token' });
  stubApi((url, init) => {
    const call = `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname)}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (call === 'POST /api/auth/verify-email') {
      return jsonReply(200, {
        message: authMessages.verifiedElsewhere(email),
        email,
        passwordToken: PROOF,
      });
    }
    if (call === 'POST /api/auth/verify-email/password') return chooseReply();
    if (call === `PUT /api/user/${email}`) return jsonReply(200, { user, token: 'the-token' });
    if (call === `GET /api/admin/${email}`) return jsonReply(200, { admin: false });
    if (call === 'POST /api/auth/refresh') {
      return jsonReply(401, { error: { code: 'unauthorized', message: 'none' } });
    }
    return jsonReply(404, { error: { code: 'not_found', message: call } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openLink = () =>
  renderAt(
    LINK,
    {
      '/verify-email': <VerifyEmailPage />,
      '/dashboard/addreview': (
        <RequireAuth>
          <p>The review form</p>
        </RequireAuth>
      ),
      '/login': <p>The login page</p>,
    },
    AuthProvider,
  );
const choose = async (password: string, confirm = password) => {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Choose password and sign in' }));
};
const called = (call: string) => calls.filter((c) => c.call === call);

describe('a verification link opened in another browser', () => {
  it('names the verified address, signs nobody in, and signs in once a password is chosen', async () => {
    openLink();
    const verified = `Your e-mail address ${email} is verified. Choose a password to sign in.`;
    expect((await screen.findByText(verified)).getAttribute('role')).toBe('status');
    expect(screen.getByText(/the password chosen at sign-up no longer works/)).toBeTruthy();
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(called('POST /api/auth/verify-email')).toHaveLength(1);

    await choose('owner2024x');
    expect(await screen.findByText('The review form')).toBeTruthy();
    expect(called('POST /api/auth/verify-email/password')).toEqual([
      {
        call: 'POST /api/auth/verify-email/password',
        body: { token: PROOF, password: 'owner2024x' },
      },
    ]);
    expect(localStorage.getItem('access-token')).toBe('the-token');
    // The link is used once, whatever the page did after.
    expect(called('POST /api/auth/verify-email')).toHaveLength(1);
  });

  it("checks the password with SPEC §5's rule and message before anything is sent", async () => {
    openLink();
    await choose('abcdef');
    expect(await screen.findByText(messages.password)).toBeTruthy();
    expect(messages.password).toBe(
      'Minimum six characters with at least one letter and one number',
    );
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await choose('owner2024x', 'owner2024y');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(called('POST /api/auth/verify-email/password')).toHaveLength(0);
  });

  it('says in words when the page can no longer set a password, and leads to sign-in', async () => {
    chooseReply = () =>
      jsonReply(400, { error: { code: 'invalid', message: authMessages.choosePasswordExpired } });
    openLink();
    await choose('owner2024x');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.choosePasswordExpired);
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose password and sign in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('The login page')).toBeTruthy();
  });
});
