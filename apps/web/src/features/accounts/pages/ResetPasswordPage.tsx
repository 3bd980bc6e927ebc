import { useMutation } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { confirmPasswordReset } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { NewPasswordForm } from '../components/LazyNewPasswordForm.tsx';
import { accountsText } from '../strings.ts';

const text = accountsText.resetPassword;

/** The page the password-reset e-mail links to: /reset-password?token=… */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const reset = useMutation({ mutationFn: confirmPasswordReset });

  const toLogin = (
    <p className="text-center text-sm">
      <Link to="/login" replace className="link">
        {text.toLogin}
      </Link>
    </p>
  );

  if (!token) {
    return (
      <AuthScreen title={text.title} promo={false}>
        <ErrorText alert>{text.invalid}</ErrorText>
        {toLogin}
      </AuthScreen>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthScreen title={text.title} promo={false}>
        <p role="status">{reset.data}</p>
        {toLogin}
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={text.title} promo={false}>
      <Suspense fallback={<Spinner label={text.loadingForm} />}>
        <NewPasswordForm
          id="reset"
          submit={text.submit}
          busy={reset.isPending}
          busyLabel={text.busy}
          onSubmit={(password) => reset.mutate({ token, password })}
        />
      </Suspense>
      {reset.isError ? (
        <ErrorText alert className="text-center">
          {reset.error.message}
        </ErrorText>
      ) : null}
      {toLogin}
    </AuthScreen>
  );
}
