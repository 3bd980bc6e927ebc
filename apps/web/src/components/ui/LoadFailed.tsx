import { ErrorText } from './ErrorText.tsx';

type Props = {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** The message above its button (in a form's column) rather than beside it (in a list). */
  stacked?: boolean;
};

/** Something could not be loaded: the reason, announced at once, and a way to ask again. */
export function LoadFailed({ message, retryLabel, onRetry, stacked = false }: Props) {
  return (
    <div
      className={
        stacked ? 'flex flex-col items-start gap-2' : 'flex flex-wrap items-center gap-4 py-8'
      }
    >
      <ErrorText alert className={stacked ? '' : 'text-base'}>
        {message}
      </ErrorText>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
