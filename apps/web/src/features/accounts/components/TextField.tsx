import type { InputHTMLAttributes, ReactNode } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** Shown on the label's line, e.g. a 'Forgot password?' action. */
  aside?: ReactNode;
};

/** A labelled input with its validation message below it. */
export function TextField({ id, label, error, aside, className = '', ...input }: TextFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {aside}
      </div>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        {...input}
      />
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}
