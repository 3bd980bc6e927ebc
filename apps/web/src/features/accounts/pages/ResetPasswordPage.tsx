import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { confirmPasswordReset } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { TextField } from '../components/TextField.tsx';
import { accountsText } from '../strings.ts';

const text = accountsText.resetPassword;

const resetPasswordRules = () => import('../form-rules.ts').then((r) => r.resetPasswordRules);

/** The page the password-reset e-mail links to: /reset-password?token=… */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useZodForm(resetPasswordRules, { password: '', confirm: '' });
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
      {reset.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) =>
            reset.mutate({ token, password: values.password }),
          )}
        >
          <TextField
            {...form.field('password', 'reset')}
            label={text.password}
            error={form.errors.password}
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            {...form.field('confirm', 'reset')}
            label={text.confirm}
            error={form.errors.confirm}
            type="password"
            autoComplete="new-password"
            required
          />
          <button type="submit" className="btn btn-primary w-full">
            {text.submit}
          </button>
        </form>
      )}
      {reset.isError ? (
        <ErrorText alert className="text-center">
          {reset.error.message}
        </ErrorText>
      ) : null}
      {toLogin}
    </AuthScreen>
  );
}
