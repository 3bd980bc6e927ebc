import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { confirmPasswordReset } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { accountsText } from '../strings.ts';

const text = accountsText.resetPassword;

const resetPasswordRules = () => import('../form-rules.ts').then((r) => r.resetPasswordRules);

/** The page the password-reset e-mail links to: /reset-password?token=… */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useShopForm(resetPasswordRules, { password: '', confirm: '' });
  const { errors } = form.formState;
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
          <InputField
            id="reset-password"
            label={text.password}
            error={errors.password?.message}
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            required
          />
          <InputField
            id="reset-confirm"
            label={text.confirm}
            error={errors.confirm?.message}
            {...form.register('confirm')}
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
