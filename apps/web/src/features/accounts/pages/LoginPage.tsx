import { authMessages } from '@axle/contract/texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { logIn, requestPasswordReset, resendSignUpMail } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { accountsText, googleErrorText } from '../strings.ts';
import { useReturnTo } from '../useReturnTo.ts';
import { useSignIn } from '../useSignIn.ts';

const text = accountsText.login;
const logInRules = () => import('../form-rules.ts').then((r) => r.logInRules);

export default function LoginPage() {
  const { signIn } = useSignIn();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [search] = useSearchParams();
  const form = useShopForm(logInRules, { email: '', password: '' });
  const { errors } = form.formState;
  // The e-mail rule of "Forgot password?" comes with the form's rules; if they cannot load, the
  // route's error boundary says so (as the form does).
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;
  // A failed Google sign-in comes back here as ?googleError=… (SPEC §8: below the form).
  const [formError, setFormError] = useState<string | null>(() =>
    googleErrorText(search.get('googleError')),
  );

  const login = useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      signIn(await logIn(body), 'password'),
    onMutate: () => setFormError(null),
    onSuccess: () => navigate(returnTo, { replace: true }),
    onError: (error) => setFormError(error.message),
  });
  // The right password of an address not verified yet signs nobody in: its link can come again.
  const unverified = login.isError && login.error.message === authMessages.verifyFirst;
  const resendLink = useMutation({
    mutationFn: () => resendSignUpMail({ email: login.variables?.email ?? '', from: returnTo }),
  });
  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => toast.success(accountsText.sentEmail),
    onError: () => toast.error(accountsText.enterValidEmail),
  });

  async function forgotPassword() {
    const { resetLinkEmailRule } = await import('../form-rules.ts');
    const email = resetLinkEmailRule.safeParse(form.getValues('email'));
    if (!email.success) {
      toast.error(accountsText.enterValidEmail);
      return;
    }
    reset.mutate(email.data);
  }

  const busy = login.isPending || reset.isPending;
  return (
    <AuthScreen title={text.title}>
      {busy ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => login.mutate(body))}
        >
          <InputField
            id="login-email"
            label={text.email}
            error={errors.email?.message}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            required
          />
          <InputField
            id="login-password"
            label={text.password}
            error={errors.password?.message}
            aside={
              <button
                type="button"
                className="link text-sm"
                onClick={() => void forgotPassword().catch(setFailure)}
              >
                {text.forgotPassword}
              </button>
            }
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" className="btn btn-primary w-full">
            {text.submit}
          </button>
          <div className="divider my-0">{accountsText.or}</div>
          <GoogleButton from={returnTo} onMessage={setFormError} />
        </form>
      )}
      {formError ? (
        <ErrorText alert className="text-center">
          {formError}
        </ErrorText>
      ) : null}
      {unverified && formError !== null ? (
        <div className="flex flex-col items-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={resendLink.isPending}
            onClick={() => resendLink.mutate()}
          >
            {resendLink.isPending ? text.resending : text.resendLink}
          </button>
          {resendLink.isSuccess ? (
            <p role="status" className="text-center text-sm">
              {resendLink.data}
            </p>
          ) : null}
          {resendLink.isError ? (
            <ErrorText alert className="text-center">
              {resendLink.error.message}
            </ErrorText>
          ) : null}
        </div>
      ) : null}
      <p className="text-center text-sm">
        {text.noAccount}{' '}
        <Link to="/register" state={location.state} className="link">
          {text.registerHere}
        </Link>
      </p>
    </AuthScreen>
  );
}
