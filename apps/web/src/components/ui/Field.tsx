import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { ErrorText } from './ErrorText.tsx';

/** What a field's control carries so that its label, hint and message belong to it. */
export type FieldControl = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  /** The control's id; the hint and the message get `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The field's message, shown below it while its value is refused. */
  error?: string | undefined;
  /** A line below the control saying what it takes. */
  hint?: ReactNode;
  /** Shown on the label's line, e.g. a 'Forgot password?' action. */
  aside?: ReactNode;
  /** The control (input, select, textarea), given the id and ARIA attributes to spread on it. */
  children: (control: FieldControl) => ReactNode;
};

/** The one labelled field of every form: label, control, hint and its validation message. */
export function Field({ id, label, error, hint, aside, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [errorId, hintId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {aside}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/75">
          {hint}
        </p>
      ) : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </div>
  );
}

/** daisyUI's class of a control, red while its field is refused. */
export const controlClass = (kind: 'input' | 'select' | 'textarea', error: string | undefined) =>
  `${kind} w-full${error ? ` ${kind}-error` : ''}`;

type InputFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/**
 * The common case of `Field`: a text input, e.g. `<InputField id="login-email" label="Email"
 * error={errors.email?.message} type="email" {...form.register('email')} />`.
 */
export function InputField({
  id,
  label,
  error,
  hint,
  aside,
  className,
  ...input
}: InputFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={`${controlClass('input', error)} ${className ?? ''}`.trim()}
        />
      )}
    </Field>
  );
}
