import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';

type Attempt = { key: string; sent: string };

/**
 * `useMutation` for a call that creates something (an order, a payment, an approval): each attempt
 * of the form gets its own `Idempotency-Key`, so that a retry cannot do the work twice.
 *
 * The same values sent again after a failure (the reply lost with the connection, a second press)
 * go with the same key, and the server answers them with the first reply; other values, or the
 * same ones after a success (a second order on purpose), are a new attempt with a new key. While
 * one call runs, `mutate` does nothing: a double click, whose second click comes before the page
 * has re-rendered the button as busy, sends one request.
 */
export function useIdempotentMutation<Data, Variables>(
  options: Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'> & {
    mutationFn: (variables: Variables, idempotencyKey: string) => Promise<Data>;
  },
) {
  const attempt = useRef<Attempt | null>(null);
  const running = useRef(false);
  const { mutationFn, onSuccess, ...rest } = options;
  const mutation = useMutation<Data, Error, Variables>({
    ...rest,
    mutationFn: async (variables) => {
      const sent = JSON.stringify(variables) ?? '';
      if (attempt.current?.sent !== sent) attempt.current = { key: crypto.randomUUID(), sent };
      try {
        return await mutationFn(variables, attempt.current.key);
      } finally {
        running.current = false;
      }
    },
    onSuccess: (...args) => {
      attempt.current = null;
      return onSuccess?.(...args);
    },
  });
  const mutate = (variables: Variables, mutateOptions?: MutateOptions<Data, Error, Variables>) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(variables, mutateOptions);
  };
  return { ...mutation, mutate };
}
