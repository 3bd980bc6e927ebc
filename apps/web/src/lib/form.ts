import { useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/** A form's rules: a contract schema from the text the fields hold to the body a call takes. */
type Rules<Output> = z.ZodType<Output, FieldValues>;

/**
 * Loads something once, when first asked; a load that fails is tried again by the next ask.
 * `load` is a dynamic import, the same for every render.
 */
function useLazy<T>(load: () => Promise<T>) {
  const state = useRef<{ loading?: Promise<T> }>({});
  return () => {
    const current = state.current;
    current.loading ??= load().catch((error: unknown) => {
      current.loading = undefined;
      throw error;
    });
    return current.loading;
  };
}

/**
 * The one form pattern of the shop's screens: react-hook-form, checked by a contract schema
 * through its zod resolver, on submit and then on every change, so a message disappears as soon
 * as the value is fixed; the first refused field takes the focus.
 *
 * The schema comes from `loadRules`, a dynamic import of the feature's `form-rules.ts`, and the
 * resolver with it: zod and the schemas are about a fifth of a form page's JavaScript, and
 * nothing checks input before someone has typed (ADR 008). They start loading when the browser
 * is first idle after the form appeared; a submit pressed before they arrived is checked when
 * they do. A load that fails is tried again by the next check; if that fails too, the error goes
 * to the route's error boundary, which offers to reload the page. Where a rule has no message of
 * its own, the contract's `humanError` words it, as the server does (it loads with the rules).
 */
export function useShopForm<Values extends FieldValues, Output = Values>(
  loadRules: () => Promise<Rules<Output>>,
  defaultValues: Values,
  options: Omit<UseFormProps<Values, unknown, Output>, 'defaultValues' | 'resolver'> = {},
): UseFormReturn<Values, unknown, Output> {
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  const rules = useLazy(() =>
    Promise.all([
      loadRules(),
      import('@hookform/resolvers/zod'),
      import('@axle/contract/human-errors'),
    ]).then(([schema, { zodResolver }, { humanError }]) =>
      zodResolver(schema, { error: humanError }),
    ),
  );

  // Once per form, when the browser is next idle: after the page has painted, so that the rules
  // never compete with what the page shows first.
  useEffect(() => {
    const start = () => void rules().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(start, 100);
    return () => clearTimeout(timer);
  }, []);

  const resolver: Resolver<Values, unknown, Output> = async (values, context, resolverOptions) => {
    try {
      const resolve = (await rules()) as unknown as Resolver<Values, unknown, Output>;
      return await resolve(values, context, resolverOptions);
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      // Refused until the rules are there: nothing is sent unchecked.
      return { values: {}, errors: { root: { type: 'rules', message: '' } } } as never;
    }
  };

  const form = useForm<Values, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver,
  });
  // A second submit while the first is still being checked or handed on (a double click, Enter
  // pressed twice) is ignored: each would pass the rules and send the same body, and the page's
  // own "is it sending?" flag is not set yet when the second arrives. A handler that returns its
  // call's promise (`mutateAsync`) holds the form until the call settles, so that no submit slips
  // in before the page shows it is sending.
  // The form object is the same on every render (effects depend on it), so its own
  // handleSubmit is wrapped once, in place.
  const guarded = useRef<typeof form.handleSubmit | null>(null);
  if (!guarded.current) {
    const unguarded = form.handleSubmit;
    let submitting = false;
    guarded.current = (onValid, onInvalid) => async (event) => {
      event?.preventDefault?.();
      if (submitting) return;
      submitting = true;
      try {
        await unguarded(onValid, onInvalid)(event);
      } finally {
        submitting = false;
      }
    };
    form.handleSubmit = guarded.current;
  }
  return form;
}

/**
 * After a failed submit: each refused value the server names (`ApiError.fields`, by its path in
 * the body) goes on the form's field of the same name, as if the form had refused it, and the
 * first of them takes the focus. True when every one found its field: the page then has nothing
 * more to say; otherwise (no fields, or a path the form has no field for, or another failure) it
 * shows the error's message, which is always for people.
 */
export function showServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'getValues' | 'setError'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  let focused = false;
  let everyOne = true;
  for (const { path, message } of error.fields) {
    const name = path as FieldPath<Values>;
    if (path === '' || form.getValues(name) === undefined) {
      everyOne = false;
      continue;
    }
    form.setError(name, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return everyOne;
}
