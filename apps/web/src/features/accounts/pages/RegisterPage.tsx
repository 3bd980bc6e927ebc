import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { registerAccount, resendSignUpMail } from '../api.ts';
import { AuthScreen } from '../components/AuthScreen.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { accountsText } from '../strings.ts';
import { useReturnTo } from '../useReturnTo.ts';

const text = accountsText.register;
const registerRules = () => import('../form-rules.ts').then((r) => r.registerRules);

/**
 * Sign-up. Whatever the address, the answer is "check your e-mail" and nobody is signed in yet:
 * the link in the e-mail signs the new customer in and returns them to the origin page (`from`).
 */
export default function RegisterPage() {
  const location = useLocation();
  const returnTo = useReturnTo();
  const form = useShopForm(registerRules, { name: '', email: '', password: '' });
  const { errors } = form.formState;
  const [agreed, setAgreed] = useState(false);
  const [googleError, setGoogleError] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: async (body: { name: string; email: string; password: string }) => ({
      email: body.email,
      message: await registerAccount({ ...body, from: returnTo }),
    }),
    onMutate: () => setGoogleError(null),
  });

  const loginLink = (
    <p className="text-center text-sm">
      <Link to="/login" state={location.state} className="link">
        {text.haveAccount}
      </Link>
    </p>
  );

  if (register.isSuccess) {
    return (
      <AuthScreen title={text.checkTitle}>
        <CheckYourEmail
          email={register.data.email}
          message={register.data.message}
          from={returnTo}
          onOtherAddress={() => register.reset()}
        />
        {loginLink}
      </AuthScreen>
    );
  }

  const error = register.error?.message ?? googleError;
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
          <InputField
            id="register-name"
            label={text.fullName}
            error={errors.name?.message}
            {...form.register('name')}
            autoComplete="name"
            required
          />
          <InputField
            id="register-email"
            label={text.email}
            error={errors.email?.message}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            required
          />
          <InputField
            id="register-password"
            label={text.password}
            error={errors.password?.message}
            {...form.register('password')}
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
          <GoogleButton from={returnTo} onMessage={setGoogleError} />
        </form>
      )}
      {error ? (
        <ErrorText alert className="text-center">
          {error}
        </ErrorText>
      ) : null}
      {loginLink}
    </AuthScreen>
  );
}

/** The same for a new and an already-registered address: where the e-mail went, and a resend. */
function CheckYourEmail({
  email,
  message,
  from,
  onOtherAddress,
}: {
  email: string;
  message: string;
  from: string;
  onOtherAddress: () => void;
}) {
  const resend = useMutation({ mutationFn: () => resendSignUpMail({ email, from }) });
  const heading = useRef<HTMLDivElement>(null);
  // The form is gone: move focus to what replaced it, so a screen reader reads it out.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flex flex-col gap-4">
      <div ref={heading} tabIndex={-1} className="flex flex-col gap-2 outline-none">
        <p role="status" className="font-semibold">
          {message}
        </p>
        <p className="text-sm">{text.sentTo(email)}</p>
      </div>
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? text.resending : text.resend}
      </button>
      {resend.isSuccess ? (
        <p role="status" className="text-center text-sm">
          {resend.data}
        </p>
      ) : null}
      {resend.isError ? (
        <ErrorText alert className="text-center">
          {resend.error.message}
        </ErrorText>
      ) : null}
      <button type="button" className="btn btn-ghost btn-sm self-center" onClick={onOtherAddress}>
        {text.otherAddress}
      </button>
    </div>
  );
}
