import type { subscribeReply } from '@axle/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/** Posts the e-mailed link's token: the subscription is confirmed, once (the server's message). */
export async function confirmSubscription(token: string): Promise<string> {
  const reply = await api<z.infer<typeof subscribeReply>>('/newsletter/confirm', {
    method: 'POST',
    body: { token },
    bearer: false,
  });
  return reply.message;
}
