import type { partList } from '@axle/contract';
import { HOME_PARTS } from '@axle/contract/paging';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { ITEMS_KEY } from './keys.ts';

/** SPEC §9: the home page's first 6 parts, and only those are asked for (PRODUCT §5). */
export const homePartsQuery = () =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'home'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof partList>>('/items', { query: { limit: HOME_PARTS }, signal }),
  });
