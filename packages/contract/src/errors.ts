import { z } from 'zod';

/** Every error reply of the API: `{ error: { code, message } }`. */
export const errorReply = z.object({
  error: z.object({
    code: z.string().meta({ description: 'machine-readable, e.g. not_found, invalid' }),
    message: z
      .string()
      .meta({ description: 'human-readable; names the field when input is invalid' }),
  }),
});
export type ErrorReply = z.infer<typeof errorReply>;
