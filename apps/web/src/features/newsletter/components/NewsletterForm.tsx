import { useMutation } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field } from '../../../components/ui/Field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useShopForm } from '../../../lib/form.ts';
import { subscribe } from '../api.ts';
import { newsletterText as text } from '../strings.ts';

const newsletterRules = () => import('../form-rules.ts').then((r) => r.newsletterRules);

/**
 * The footer's newsletter sign-up (PRODUCT §3.9): checked with the contract's rule, then the
 * server's message (the same for every valid address: the e-mailed link confirms it).
 */
export function NewsletterForm() {
  const form = useShopForm(newsletterRules, { email: '' });
  const signUp = useMutation({
    mutationFn: ({ email }: { email: string }) => subscribe(email),
    onSuccess: () => form.reset({ email: '' }),
  });
  const refused = form.formState.errors.email?.message;
  // The server's refusal (a rate limit, say), or no answer at all.
  const failed = signUp.error instanceof ApiError ? signUp.error.message : text.failed;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        if (!signUp.isPending) signUp.mutate(body);
      })}
      className="flex w-full max-w-sm flex-col gap-2"
    >
      <Field id="newsletter-email" label={text.label} error={refused}>
        {(control) => (
          <div className="join w-full">
            <input
              {...control}
              {...form.register('email', { onChange: () => signUp.reset() })}
              type="email"
              autoComplete="email"
              required
              placeholder={text.placeholder}
              className={`${controlClass('input', refused)} join-item min-w-0`}
            />
            <BusyButton
              type="submit"
              className="btn btn-primary join-item"
              busy={signUp.isPending}
              busyLabel={text.busy}
            >
              {text.submit}
            </BusyButton>
          </div>
        )}
      </Field>
      {signUp.isError ? <ErrorText alert>{failed}</ErrorText> : null}
      <p role="status" className="text-sm font-medium">
        {signUp.data}
      </p>
    </form>
  );
}
