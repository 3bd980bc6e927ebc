// Signing in from a guarded page goes back to it (SPEC §2), on the first try: the guard must see
// the new user when the login page navigates there, or it sends the customer back to /login.
// The server signs the same token twice within a second (sign-in, then the user sync), so the
// stored token does not change and only the session query can tell the app of the user.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { AuthProvider } from '../AuthProvider.tsx';
import { RequireAuth } from '../guards.tsx';
import LoginPage from './LoginPage.tsx';

const user = {
  _id: '5b7e4a52-8a43-4a43-9c1e-2b7a7d1c9e10',
  name: 'Ada Workshop',
  email: 'ada@example.com',
  img: null,
  role: null,
  emailVerified: true,
  providerId: 'password',
};

let calls: string[];

beforeEach(() => {
  calls = [];
  localStorage.clear();
  stubApi((url, init) => {
    const call = `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname)}`;
    calls.push(call);
    if (call === 'POST /api/auth/login') return jsonReply(200, { user, token: 'the-token' });
    if (call === `PUT /api/user/${user.email}`) return jsonReply(200, { user, token: 'the-token' });
    if (call === `GET /api/admin/${user.email}`) return jsonReply(200, { admin: false });
    return jsonReply(404, { error: { code: 'not_found', message: call } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signing in', () => {
  it('goes back to the guarded page that sent the visitor to /login', async () => {
    renderAt(
      '/dashboard/addreview',
      {
        '/login': <LoginPage />,
        '/dashboard/addreview': (
          <RequireAuth>
            <p>The review form</p>
          </RequireAuth>
        ),
      },
      AuthProvider,
    );
    await userEvent.type(await screen.findByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('The review form')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(calls).toContain(`PUT /api/user/${user.email}`);
    expect(localStorage.getItem('access-token')).toBe('the-token');
  });
});
