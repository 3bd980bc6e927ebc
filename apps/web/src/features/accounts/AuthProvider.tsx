import { REFRESH_AHEAD_SECONDS } from '@axle/contract/session';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import {
  ApiError,
  endSession,
  onSessionEvent,
  refreshAccessToken,
  secondsLeft,
  storedToken,
} from '../../lib/api-client.ts';
import type { AuthUser } from './api.ts';
import { fetchIsAdmin, logOut, restoreSession } from './session.ts';

export type Auth = {
  user: AuthUser | null;
  isAdmin: boolean;
  /** True until we know who is signed in (and, for a signed-in user, whether they are admin). */
  loading: boolean;
  /** Ends the session here and on the server, removes the stored token, goes to /. */
  signOut: () => Promise<void>;
};

/** The signed-in user of this browser (null: none); signing in sets it (useSignIn). */
export const SESSION_KEY = ['session'] as const;

const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: restoreSession,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: () => fetchIsAdmin(email),
    staleTime: 5 * 60_000,
  });

const subscribeToken = (onChange: () => void) => onSessionEvent(onChange);

/** Never refresh sooner than this after a token arrives, whatever the clocks say. */
const MIN_DELAY_MS = 10_000;
/** The first retry of a failed refresh, doubled each time up to the last (SPEC §9). */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 960_000;

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const user = session.data ?? null;
  const admin = useQuery({ ...adminQuery(user?.email ?? ''), enabled: user !== null });
  const token = useSyncExternalStore(subscribeToken, storedToken, () => null);
  const signedIn = user !== null;

  // A session ended (signed out here, in another tab, or refused by the server): forget the user
  // and everything cached for them.
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'token') {
          // Another tab signed in: this one follows.
          if (event.otherTab && queryClient.getQueryData(sessionQuery.queryKey) === null) {
            void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
          }
          return;
        }
        if (event.type !== 'ended') return;
        if (event.revoke) void logOut().catch(() => undefined);
        // The session query stays (its observers see `null` at once); everything else goes.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
        queryClient.setQueryData(sessionQuery.queryKey, null);
      }),
    [queryClient],
  );

  // Refresh the access token REFRESH_AHEAD_SECONDS before it expires; a failed attempt is tried
  // again later, and a session the server no longer knows ends quietly (the refresh ends it).
  useEffect(() => {
    if (!signedIn || token === null) return;
    const left = secondsLeft(token);
    if (left === null) return;
    let timer: ReturnType<typeof setTimeout>;
    let retryIn = RETRY_FIRST_MS;
    const refresh = () => {
      refreshAccessToken(token).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return;
        timer = setTimeout(refresh, retryIn);
        retryIn = Math.min(retryIn * 2, RETRY_MAX_MS);
      });
    };
    timer = setTimeout(refresh, Math.max(MIN_DELAY_MS, (left - REFRESH_AHEAD_SECONDS) * 1000));
    return () => clearTimeout(timer);
  }, [signedIn, token]);

  const signOut = useCallback(async () => {
    await logOut().catch(() => undefined);
    endSession({ goHome: true });
  }, []);

  const value = useMemo<Auth>(
    () => ({
      user,
      isAdmin: admin.data === true,
      loading: session.isPending || (user !== null && admin.isPending),
      signOut,
    }),
    [user, admin.data, admin.isPending, session.isPending, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
