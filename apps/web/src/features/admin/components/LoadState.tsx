import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { adminText } from '../../../lib/strings/admin.ts';

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
  return (
    <div className="flex flex-wrap items-center gap-4 py-8">
      <ErrorText alert className="text-base">
        {message}
      </ErrorText>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {adminText.retry}
      </button>
    </div>
  );
}
