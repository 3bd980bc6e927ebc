import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { accountsText } from '../strings.ts';
import { safeReturnPath } from '../useReturnTo.ts';
import { useSignIn } from '../useSignIn.ts';

const text = accountsText.googleComplete;

/**
 * Where the server sends the browser after Google: /auth/complete?from=… The refresh cookie is
 * set; turn it into a token and the user, sync the user, and go back to `from`.
 */
export default function GoogleCompletePage() {
  const { completeGoogleSignIn } = useSignIn();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const from = safeReturnPath(search.get('from'));
  // Once: a second refresh with the same cookie would look like a stolen one to the server.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeGoogleSignIn().then(
      () => navigate(from, { replace: true }),
      () => navigate('/login?googleError=failed', { replace: true }),
    );
  }, [completeGoogleSignIn, navigate, from]);

  return (
    <AuthScreen title={text.title} promo={false}>
      <div className="flex justify-center py-16">
        <Spinner label={text.busy} size="lg" />
      </div>
    </AuthScreen>
  );
}
