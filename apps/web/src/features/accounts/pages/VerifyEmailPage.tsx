import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../AuthProvider.tsx';
import { choosePassword, verifyEmail } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { NewPasswordForm } from '../components/LazyNewPasswordForm.tsx';
import { accountsText } from '../strings.ts';
import { safeReturnPath } from '../useReturnTo.ts';
import { useSignIn } from '../useSignIn.ts';

const text = accountsText.verifyEmail;

/** What a link opened in a browser that did not sign up hands out: the address and its proof. */
type PasswordProof = { email: string; passwordToken: string };

/** The proof kept in this page's history entry, if any. */
function keptProof(state: unknown): PasswordProof | null {
  if (typeof state !== 'object' || state === null || !('passwordProof' in state)) return null;
  const proof = state.passwordProof;
  if (typeof proof !== 'object' || proof === null) return null;
  if (!('email' in proof) || typeof proof.email !== 'string') return null;
  if (!('passwordToken' in proof) || typeof proof.passwordToken !== 'string') return null;
  return { email: proof.email, passwordToken: proof.passwordToken };
}

/**
 * The page the verification e-mail links to: /verify-email?token=…&from=… Opening the link only
 * loads this page (a mail scanner that fetches it changes nothing); the page posts the token, which
 * verifies the address. In the browser that signed up the customer is signed in and returns to
 * `from`, the page they came from. In any other browser nobody is signed in: the page names the
 * verified address and asks for the password there, which signs the customer in and returns to
 * `from` too.
 */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const token = search.get('token') ?? '';
  const from = safeReturnPath(search.get('from'));
  const navigate = useNavigate();
  const { user } = useAuth();
  const { signIn } = useSignIn();
  const proof = keptProof(location.state);
  const verify = useMutation({
    mutationFn: async (): Promise<PasswordProof | null> => {
      const reply = await verifyEmail(token);
      if ('passwordToken' in reply) {
        return { email: reply.email, passwordToken: reply.passwordToken };
      }
      await signIn(reply, reply.user.providerId === 'google.com' ? 'google.com' : 'password');
      return null;
    },
    onSuccess: (elsewhere) => {
      if (elsewhere) {
        // Kept in this history entry, as the link is used up: a reload (a phone that put the
        // tab away while its owner looked up a password) shows the form again.
        navigate(
          { pathname: location.pathname, search: location.search },
          { replace: true, state: { passwordProof: elsewhere } },
        );
        return;
      }
      toast.success(text.verified);
      navigate(from, { replace: true });
    },
  });
  // Once: a link works once, and React's development double effects must not use it up.
  const started = useRef(false);
  const start = verify.mutate;
  const kept = proof !== null;
  useEffect(() => {
    if (started.current || token === '' || kept) return;
    started.current = true;
    start();
  }, [token, kept, start]);

  if (proof) {
    return (
      <AuthScreen title={text.title} promo={false}>
        <ChoosePassword proof={proof} from={from} />
      </AuthScreen>
    );
  }

  // Also while the page leaves: for `from` once signed in, for the form once verified elsewhere.
  if (token !== '' && !verify.isError) {
    return (
      <AuthScreen title={text.title} promo={false}>
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      </AuthScreen>
    );
  }

  const { pathname, search: query, hash } = new URL(from, window.location.origin);
  return (
    <AuthScreen title={text.title} promo={false}>
      <ErrorText alert>{verify.error?.message ?? text.invalid}</ErrorText>
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
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

/**
 * The address is verified in a browser that did not sign up: the password is chosen here, and
 * only that signs anyone in (an attacker's link opened here names the attacker's address, and
 * signs nobody in unless a password is chosen for it).
 */
function ChoosePassword({ proof, from }: { proof: PasswordProof; from: string }) {
  const { signIn } = useSignIn();
  const navigate = useNavigate();
  const choose = useMutation({
    mutationFn: async (password: string) =>
      signIn(await choosePassword({ token: proof.passwordToken, password }), 'password'),
    onSuccess: () => navigate(from, { replace: true }),
  });
  return (
    <>
      <p role="status" className="font-semibold wrap-anywhere">
        {text.verifiedElsewhere(proof.email)}
      </p>
      <p>{text.whyChoose}</p>
      <Suspense fallback={<Spinner label={text.loadingForm} />}>
        <NewPasswordForm
          id="verify"
          username={proof.email}
          submit={text.choose}
          busy={choose.isPending || choose.isSuccess}
          busyLabel={text.choosing}
          onSubmit={(password) => choose.mutate(password)}
        />
      </Suspense>
      {choose.isError ? (
        <>
          <ErrorText alert className="text-center">
            {choose.error.message}
          </ErrorText>
          <p className="text-center text-sm">
            <Link to="/login" replace className="link">
              {text.toLogin}
            </Link>
          </p>
        </>
      ) : null}
    </>
  );
}
