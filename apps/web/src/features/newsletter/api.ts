import { subscribeBody, type subscribeReply } from '@axle/contract';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';

export type SignUpResult = { thanks: string } | { error: string };

/**
 * Checks the address with the contract's rule and subscribes it: the visitor is thanked with the
 * server's message, or told what is wrong. The footer loads this module (and zod with it) on the
 * first sign-up, not with every page (docs/decisions/008).
 */
export async function signUpForNewsletter(email: string): Promise<SignUpResult> {
  const parsed = subscribeBody.safeParse({ email });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '' };
  try {
    const reply = await api<z.infer<typeof subscribeReply>>('/newsletter', {
      method: 'POST',
      body: { email: parsed.data.email },
    });
    return { thanks: reply.message };
  } catch (failure) {
    if (failure instanceof ApiError) return { error: failure.message };
    throw failure;
  }
}
