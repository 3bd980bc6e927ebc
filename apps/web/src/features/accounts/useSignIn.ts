import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storeToken } from '../../lib/api-client.ts';
import { SESSION_KEY } from './AuthProvider.tsx';
import {
  type AuthUser,
  completeExternalSession,
  type Provider,
  type SignInReply,
  syncUser,
} from './api.ts';

/**
 * Signing in: the sign-in pages' side of the session (a password, an e-mailed link, Google). Apart
 * from the AuthProvider, which every page's first JavaScript brings: only those pages load it
 * (docs/decisions/008).
 */
export function useSignIn() {
  const queryClient = useQueryClient();

  const finishSignIn = useCallback(
    async (signedInUser: AuthUser, providerId: Provider) => {
      const synced = await syncUser(signedInUser, providerId);
      storeToken(synced.token);
      queryClient.setQueryData(SESSION_KEY, synced.user);
      // The session's observers hear of the user in TanStack Query's next notification batch (a
      // timer), not at once. Resolve after it, so that the page a sign-in goes to next (a guarded
      // one, such as the page that sent the visitor to /login) already sees the user rather than
      // sending them back to /login.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve));
    },
    [queryClient],
  );

  /** Keeps the token of a password sign-in or an e-mailed link, syncs the user record (SPEC §7). */
  const signIn = useCallback(
    async (reply: SignInReply, providerId: Provider) => {
      storeToken(reply.token);
      await finishSignIn(reply.user, providerId);
    },
    [finishSignIn],
  );

  /** After Google: the refresh cookie is set; get a token and the user, then sync. */
  const completeGoogleSignIn = useCallback(async () => {
    await finishSignIn(await completeExternalSession(), 'google.com');
  }, [finishSignIn]);

  return { signIn, completeGoogleSignIn };
}
