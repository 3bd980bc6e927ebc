import { LoadFailed as SharedLoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { adminText } from '../strings.ts';

/** While an admin list loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} size="lg" />
    </div>
  );
}

/** An admin list that could not be loaded, with a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <SharedLoadFailed message={message} retryLabel={adminText.retry} onRetry={onRetry} />;
}
