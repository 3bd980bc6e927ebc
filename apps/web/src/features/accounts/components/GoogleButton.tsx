import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { accountsText } from '../../../lib/strings/accounts.ts';
import { providersQuery } from '../api.ts';

/**
 * Google sign-in: the browser goes to the server, which sends it to Google and back to
 * /auth/complete (then to `from`). When the server has no Google configuration, it says so below
 * the form instead.
 */
export function GoogleButton({
  from,
  onMessage,
}: {
  from: string;
  onMessage: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const providers = await queryClient.fetchQuery(providersQuery);
      if (!providers.google) {
        onMessage(accountsText.google.notConfigured);
        setBusy(false);
        return;
      }
      window.location.assign(`/api/auth/google?from=${encodeURIComponent(from)}`);
    } catch (error) {
      onMessage(error instanceof Error ? error.message : accountsText.google.failed);
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      disabled={busy}
      onClick={() => void start()}
    >
      {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
      {busy ? null : <GoogleIcon />}
      {busy ? accountsText.google.busy : accountsText.google.button}
    </button>
  );
}
