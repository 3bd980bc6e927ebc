import { registerForm } from '@axle/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { accountsText } from '../../../lib/strings/accounts.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { useAuth } from '../AuthProvider.tsx';
import { registerAccount } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { TextField } from '../components/TextField.tsx';
import { useReturnTo } from '../useReturnTo.ts';

const text = accountsText.register;

type Outcome = { kind: 'error' | 'notice'; message: string };

export default function RegisterPage() {
  const { signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const form = useZodForm(registerForm, { name: '', email: '', password: '' });
  const [agreed, setAgreed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const register = useMutation({
    mutationFn: async (body: { name: string; email: string; password: string }) => {
      const reply = await registerAccount(body);
      if (!('token' in reply)) return reply.message;
      await signIn(reply, 'password');
      return null;
    },
    onMutate: () => setOutcome(null),
    onSuccess: (notice) => {
      // An address that is already registered only hears "check your e-mail".
      if (notice !== null) setOutcome({ kind: 'notice', message: notice });
      else navigate(returnTo, { replace: true });
    },
    onError: (error) => setOutcome({ kind: 'error', message: error.message }),
  });

  return (
    <AuthScreen title={text.title}>
      {register.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.busy} size="lg" />
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => {
            if (agreed) register.mutate(body);
          })}
        >
          <TextField
            {...form.field('name', 'register')}
            label={text.fullName}
            error={form.errors.name}
            autoComplete="name"
            required
          />
          <TextField
            {...form.field('email', 'register')}
            label={text.email}
            error={form.errors.email}
            type="email"
            autoComplete="email"
            required
          />
          <TextField
            {...form.field('password', 'register')}
            label={text.password}
            error={form.errors.password}
            type="password"
            autoComplete="new-password"
            required
          />
          <label className="flex cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="checkbox checkbox-primary"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
            />
            {text.terms}
          </label>
          <button type="submit" className="btn btn-primary w-full" disabled={!agreed}>
            {text.submit}
          </button>
          <div className="divider my-0">{accountsText.or}</div>
          <GoogleButton
            from={returnTo}
            onMessage={(message) => setOutcome({ kind: 'error', message })}
          />
        </form>
      )}
      {outcome?.kind === 'error' ? (
        <ErrorText alert className="text-center">
          {outcome.message}
        </ErrorText>
      ) : null}
      {outcome?.kind === 'notice' ? (
        <p role="status" className="text-center text-sm">
          {outcome.message}
        </p>
      ) : null}
      <p className="text-center text-sm">
        <Link to="/login" state={location.state} className="link">
          {text.haveAccount}
        </Link>
      </p>
    </AuthScreen>
  );
}
