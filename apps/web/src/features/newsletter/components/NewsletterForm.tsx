import { type FormEvent, useId, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { newsletterText } from '../strings.ts';

const text = newsletterText;

/** The footer's newsletter sign-up (PRODUCT §3.9): validated, stored once, the visitor thanked. */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);

  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setThanks(null);
    try {
      const { signUpForNewsletter } = await import('../api.ts');
      const result = await signUpForNewsletter(email);
      if ('thanks' in result) {
        setThanks(result.thanks);
        setEmail('');
      } else {
        setError(result.error);
      }
    } catch {
      // The module did not arrive, or the server did not answer.
      setError(text.failed);
    } finally {
      setPending(false);
    }
  }

  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="flex w-full max-w-sm flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {text.label}
      </label>
      <div className="join w-full">
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={text.placeholder}
          className="input join-item w-full min-w-0"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-primary join-item" disabled={pending}>
          {pending ? <Spinner label={text.busy} size="sm" /> : text.submit}
        </button>
      </div>
      {error ? (
        <ErrorText id={errorId} alert>
          {error}
        </ErrorText>
      ) : null}
      <p role="status" className="text-sm font-medium">
        {thanks}
      </p>
    </form>
  );
}
