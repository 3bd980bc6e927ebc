import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { confirmSubscription } from '../confirm.ts';
import { newsletterText } from '../strings.ts';

const text = newsletterText.confirm;

/**
 * The page the newsletter's confirmation e-mail links to: /newsletter/confirm?token=… Opening the
 * link only loads this page (a mail scanner that fetches it confirms nothing); the page posts the
 * token, which confirms the subscription once.
 */
export default function ConfirmSubscriptionPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => confirmSubscription(token) });
  // Once: a link works once, and React's development double effects must not use it up.
  const started = useRef(false);
  const start = confirm.mutate;
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    start();
  }, [token, start]);

  const busy = token !== '' && (confirm.isIdle || confirm.isPending);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold sm:text-3xl">{text.title}</h1>
      {busy ? (
        <div className="flex justify-center py-8">
          <Spinner label={text.busy} size="lg" />
        </div>
      ) : confirm.isSuccess ? (
        <p role="status" className="font-medium">
          {confirm.data}
        </p>
      ) : (
        <ErrorText alert>{confirm.error?.message ?? text.invalid}</ErrorText>
      )}
      <Link to="/" className="link">
        {text.toHome}
      </Link>
    </div>
  );
}
