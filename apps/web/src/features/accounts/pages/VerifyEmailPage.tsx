import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { accountsText } from '../../../lib/strings/accounts.ts';
import { useAuth } from '../AuthProvider.tsx';
import { verifyEmailQuery } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';

const text = accountsText.verifyEmail;

/**
 * The page the verification e-mail links to: /verify-email?token=… It asks the server once per
 * token (a cached query, so React's development double effects do not ask twice).
 */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { user, reloadUser } = useAuth();
  const verify = useQuery({ ...verifyEmailQuery(token), enabled: token !== '' });
  const reloaded = useRef(false);

  // A signed-in user's profile should say 'Verified' at once.
  useEffect(() => {
    if (!verify.isSuccess || !user || user.emailVerified || reloaded.current) return;
    reloaded.current = true;
    void reloadUser();
  }, [verify.isSuccess, user, reloadUser]);

  return (
    <AuthScreen title={text.title} promo={false}>
      {token !== '' && verify.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      ) : verify.isSuccess ? (
        <p role="status">{verify.data}</p>
      ) : (
        <ErrorText alert>{verify.error?.message ?? text.invalid}</ErrorText>
      )}
      <p className="text-center text-sm">
        {user ? (
          <Link to="/dashboard" className="link">
            {text.toProfile}
          </Link>
        ) : (
          <Link to="/" className="link">
            {text.toHome}
          </Link>
        )}
      </p>
    </AuthScreen>
  );
}
