import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useAuth } from '../AuthProvider.tsx';
import { verifyEmail } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { accountsText } from '../strings.ts';
import { safeReturnPath } from '../useReturnTo.ts';

const text = accountsText.verifyEmail;

/**
 * The page the verification e-mail links to: /verify-email?token=…&from=… Opening the link only
 * loads this page (a mail scanner that fetches it changes nothing); the page posts the token, which
 * verifies the address. In the browser that signed up the customer is signed in and returns to
 * `from`, the page they came from; in any other browser nobody is signed in, and the page says the
 * address is verified and how to sign in (a password is chosen with "Forgot password?").
 */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const from = safeReturnPath(search.get('from'));
  const navigate = useNavigate();
  const { user, signIn } = useAuth();
  const verify = useMutation({
    mutationFn: async (): Promise<string | null> => {
      const reply = await verifyEmail(token);
      if (!('token' in reply)) return reply.message;
      await signIn(reply, reply.user.providerId === 'google.com' ? 'google.com' : 'password');
      return null;
    },
    onSuccess: (verifiedOnly) => {
      if (verifiedOnly === null) navigate(from, { replace: true });
    },
  });
  // Once: a link works once, and React's development double effects must not use it up.
  const started = useRef(false);
  const start = verify.mutate;
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    start();
  }, [token, start]);

  if (token !== '' && !verify.isError && !(verify.isSuccess && verify.data !== null)) {
    return (
      <AuthScreen title={text.title} promo={false}>
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      </AuthScreen>
    );
  }

  const { pathname, search: query, hash } = new URL(from, window.location.origin);
  const verifiedOnly = verify.isSuccess ? verify.data : null;
  return (
    <AuthScreen title={text.title} promo={false}>
      {verifiedOnly ? (
        <p role="status" className="font-semibold">
          {verifiedOnly}
        </p>
      ) : (
        <ErrorText alert>{verify.error?.message ?? text.invalid}</ErrorText>
      )}
      <p className="flex justify-center gap-6 text-sm">
        {user ? (
          <Link to="/dashboard" className="link">
            {text.toProfile}
          </Link>
        ) : (
          <Link
            to="/login"
            state={{ from: { pathname, search: query, hash } }}
            replace
            className="link"
          >
            {text.toLogin}
          </Link>
        )}
        <Link to="/" className="link">
          {text.toHome}
        </Link>
      </p>
    </AuthScreen>
  );
}
