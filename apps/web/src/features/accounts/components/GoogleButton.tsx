import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { accountsText } from '../../../lib/strings/accounts.ts';

/** Google sign-in. The server has no Google configuration yet, so it says so below the form. */
export function GoogleButton({ onMessage }: { onMessage: (message: string) => void }) {
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      onClick={() => onMessage(accountsText.google.notConfigured)}
    >
      <GoogleIcon />
      {accountsText.google.button}
    </button>
  );
}
