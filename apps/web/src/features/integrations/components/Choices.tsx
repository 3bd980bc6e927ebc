import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';

type ChoicesProps = {
  /** Prefix of the checkboxes' ids, and of the message's. */
  id: string;
  legend: string;
  /** The value each checkbox sends (shown as the API names it) and what it means. */
  options: { value: string; label: string }[];
  /** What `form.register` gives for the array field the checked values fill. */
  field: UseFormRegisterReturn;
  error?: string | undefined;
};

/** A group of checkboxes filling one array field (an API key's scopes, a webhook's events). */
export function Choices({ id, legend, options, field, error }: ChoicesProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm mt-0.5"
            value={option.value}
            aria-invalid={error ? true : undefined}
            {...field}
          />
          <span className="flex min-w-0 flex-col text-sm">
            <code className="font-mono text-xs">{option.value}</code>
            <span>{option.label}</span>
          </span>
        </label>
      ))}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </fieldset>
  );
}
