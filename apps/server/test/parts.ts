import { part } from '@axle/contract';
import type { FastifyInstance } from 'fastify';

/** A part's `version` as an edit sends it back: the If-Match header's value. */
export async function versionOf(app: FastifyInstance, partId: string): Promise<string> {
  const res = await app.inject(`/api/item/${partId}`);
  if (res.statusCode !== 200) throw new Error(`part ${partId}: ${res.statusCode} ${res.body}`);
  return `"${part.parse(res.json()).version}"`;
}
