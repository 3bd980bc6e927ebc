import { useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

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
 * to the route's error boundary, which offers to reload the page.
 */
export function useShopForm<Values extends FieldValues, Output = Values>(
  loadRules: () => Promise<Rules<Output>>,
  defaultValues: Values,
  options: Omit<UseFormProps<Values, unknown, Output>, 'defaultValues' | 'resolver'> = {},
): UseFormReturn<Values, unknown, Output> {
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  const rules = useLazy(() =>
    Promise.all([loadRules(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
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

  return useForm<Values, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver,
  });
}
