import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { TOKEN_KEY } from '../../lib/api-client.ts';
import { type AuthUser, fetchIsAdmin, restoreSession } from './api.ts';

export type Auth = {
  user: AuthUser | null;
  isAdmin: boolean;
  /** True until we know who is signed in (and, for a signed-in user, whether they are admin). */
  loading: boolean;
  /** Keeps the access token of a successful sign-in and loads the signed-in user. */
  signIn: (token: string) => Promise<void>;
  /** Signs the user out and removes the stored access token. */
  signOut: () => void;
};

const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: restoreSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: () => fetchIsAdmin(email),
    staleTime: 5 * 60_000,
  });

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const user = session.data ?? null;
  const admin = useQuery({ ...adminQuery(user?.email ?? ''), enabled: user !== null });

  const signIn = useCallback(
    async (token: string) => {
      localStorage.setItem(TOKEN_KEY, token);
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ queryKey: ['admin'] });
  }, [queryClient]);

  const value = useMemo<Auth>(
    () => ({
      user,
      isAdmin: admin.data === true,
      loading: session.isPending || (user !== null && admin.isPending),
      signIn,
      signOut,
    }),
    [user, admin.data, admin.isPending, session.isPending, signIn, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
