import type { subscribeReply } from '@axle/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/** POST /newsletter → the server's message (the same for every valid address: check your mail). */
export async function subscribe(email: string): Promise<string> {
  const reply = await api<z.infer<typeof subscribeReply>>('/newsletter', {
    method: 'POST',
    body: { email },
  });
  return reply.message;
}
