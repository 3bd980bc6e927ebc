import {
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useRef } from 'react';

type Attempt = { key: string; sent: string };

/** `Omit` over each member of a union, so that `isError` still narrows `error` on the result. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Guarded<Data, Variables> = OmitEach<UseMutationResult<Data, Error, Variables>, 'mutate'> & {
  mutate: (variables: Variables, options?: MutateOptions<Data, Error, Variables>) => void;
};

/**
 * `useMutation` whose `mutate` does nothing while a call runs: a double click, whose second click
 * comes before the page has re-rendered the button as busy, sends one request.
 */
export function useOneAtATimeMutation<Data, Variables>(
  options: UseMutationOptions<Data, Error, Variables>,
): Guarded<Data, Variables> {
  const running = useRef(false);
  const mutation = useMutation<Data, Error, Variables>({
    ...options,
    onSettled: (...args) => {
      running.current = false;
      return options.onSettled?.(...args);
    },
  });
  const mutate = (variables: Variables, mutateOptions?: MutateOptions<Data, Error, Variables>) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(variables, mutateOptions);
  };
  return { ...mutation, mutate };
}

/**
 * A one-at-a-time mutation for a call that creates something (an order, a payment, an approval):
 * each attempt of the form gets its own `Idempotency-Key`, so that a retry cannot do the work twice.
 *
 * The same values sent again after a failure (the reply lost with the connection, a second press)
 * go with the same key, and the server answers them with the first reply; other values, or the
 * same ones after a success (a second order on purpose), are a new attempt with a new key.
 */
export function useIdempotentMutation<Data, Variables>(
  options: Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'> & {
    mutationFn: (variables: Variables, idempotencyKey: string) => Promise<Data>;
  },
): Guarded<Data, Variables> {
  const attempt = useRef<Attempt | null>(null);
  const { mutationFn, onSuccess, ...rest } = options;
  return useOneAtATimeMutation<Data, Variables>({
    ...rest,
    mutationFn: (variables) => {
      const sent = JSON.stringify(variables) ?? '';
      if (attempt.current?.sent !== sent) attempt.current = { key: crypto.randomUUID(), sent };
      return mutationFn(variables, attempt.current.key);
    },
    onSuccess: (...args) => {
      attempt.current = null;
      return onSuccess?.(...args);
    },
  });
}
