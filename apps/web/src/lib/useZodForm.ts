import { type FormEvent, useState } from 'react';
import type { z } from 'zod';

type Errors<T> = Partial<Record<keyof T, string>>;

/** The first message of each field in a failed parse, e.g. `{ email: 'Invalid Email' }`. */
export function fieldErrors<T>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  skip: readonly (keyof T)[] = [],
): Errors<T> {
  const errors: Errors<T> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && !skip.includes(field) && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return errors;
}

function check<T extends Record<string, string>, O>(schema: z.ZodType<O, T>, values: T) {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as Errors<T> };
  return { data: undefined, errors: fieldErrors<T>(result.error.issues) };
}

/**
 * The one form pattern of the shop's screens: text fields checked with a contract schema on
 * submit, then again on every change so a message disappears as soon as the value is fixed.
 */
export function useZodForm<T extends Record<string, string>, O>(
  schema: z.ZodType<O, T>,
  initial: T,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  /** Sets a field's value (as typing would), e.g. the path of a picture that was just uploaded. */
  function setValue(name: keyof T, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(check(schema, next).errors);
  }

  function field<K extends keyof T & string>(name: K, idPrefix: string) {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
  }

  function handleSubmit(onValid: (data: O) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const { data, errors: found } = check(schema, values);
      setErrors(found);
      if (data !== undefined) {
        onValid(data);
        return;
      }
      const first = Object.keys(found)[0];
      const input = first ? event.currentTarget.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
    };
  }

  return { values, errors, field, setValue, handleSubmit };
}
