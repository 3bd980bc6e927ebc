import { type FormEvent, useEffect, useRef, useState } from 'react';
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

/**
 * A form's rules (zod schemas from the contract), loaded once the form has been shown rather
 * than before it: zod and the schemas are about a fifth of a form page's JavaScript, and nothing
 * checks input before someone has typed (ADR 008). `load` is a dynamic import of the feature's
 * `form-rules.ts`, the same for every render. `withRules(use)` runs `use` with the rules: at once
 * when they have loaded (nearly always: they start loading when the browser is first idle after
 * the form appeared), else as soon as they have. A load that fails is tried again by the next `withRules`; if that fails too, the
 * error goes to the route's error boundary, which offers to reload the page.
 */
export function useFormRules<Rules>(load: () => Promise<Rules>) {
  const rules = useRef<{ loaded?: Rules; loading?: Promise<Rules> }>({});
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  const fetchRules = () => {
    const state = rules.current;
    state.loading ??= load().then(
      (loaded) => {
        state.loaded = loaded;
        return loaded;
      },
      (error: unknown) => {
        state.loading = undefined;
        throw error;
      },
    );
    return state.loading;
  };

  // Once per form (`load` is the same each render), when the browser is next idle: after the
  // page has painted, so that the rules never compete with what the page shows first.
  useEffect(() => {
    const start = () => void fetchRules().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(start, 100);
    return () => clearTimeout(timer);
  }, []);

  return {
    withRules(use: (loaded: Rules) => void) {
      const { loaded } = rules.current;
      if (loaded !== undefined) {
        use(loaded);
        return;
      }
      fetchRules().then(use, (error: unknown) =>
        setFailure(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
}

/** Moves the focus to the first field with a message, as a form does when it refuses its input. */
export function focusFirstInvalid(form: HTMLFormElement, errors: object): void {
  const first = Object.keys(errors)[0];
  const input = first ? form.elements.namedItem(first) : null;
  if (input instanceof HTMLElement) input.focus();
}

function check<T extends Record<string, string>, O>(schema: z.ZodType<O, T>, values: T) {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as Errors<T> };
  return { data: undefined, errors: fieldErrors<T>(result.error.issues) };
}

/**
 * The one form pattern of the shop's screens: text fields checked with a contract schema on
 * submit, then again on every change so a message disappears as soon as the value is fixed. The
 * schema comes from `load` (see `useFormRules`).
 */
export function useZodForm<T extends Record<string, string>, O>(
  load: () => Promise<z.ZodType<O, T>>,
  initial: T,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const { withRules } = useFormRules(load);

  /** Sets a field's value (as typing would), e.g. the path of a picture that was just uploaded. */
  function setValue(name: keyof T, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) withRules((schema) => setErrors(check(schema, next).errors));
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
      const form = event.currentTarget;
      withRules((schema) => {
        const { data, errors: found } = check(schema, values);
        setErrors(found);
        if (data !== undefined) onValid(data);
        else focusFirstInvalid(form, found);
      });
    };
  }

  return { values, errors, field, setValue, handleSubmit };
}
