import { z } from 'zod';

export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
});
