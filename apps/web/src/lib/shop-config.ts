/** The shop's settings a page needs: which card provider to load, and the tax prices include. */
import type { configReply } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.ts';

export type ShopConfig = z.infer<typeof configReply>;

/** GET /config: the same for every visitor and for the whole visit. */
export const shopConfigQuery = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<ShopConfig>('/config', { signal, bearer: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
