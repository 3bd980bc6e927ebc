import { subscribeReply } from '@axle/contract';
import { api } from '../../lib/api-client.ts';

/** Subscribes an address; the reply's message thanks the visitor. */
export async function subscribe(email: string): Promise<string> {
  return (await api('/newsletter', subscribeReply, { method: 'POST', body: { email } })).message;
}
