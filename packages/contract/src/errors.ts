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

/**
 * A reply without a body (a 204, a redirect's 302), for the OpenAPI document: it is never
 * serialized, and the document lists no content for it.
 */
export const emptyReply = (description: string) => z.null().describe(description);

/** A reply that is not JSON (a picture's bytes), for the OpenAPI document. */
export const bytesReply = (description: string, mediaType: string) =>
  z.unknown().meta({
    description,
    content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
  });
