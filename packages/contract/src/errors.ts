import { z } from 'zod';

/** One refused value of a request: where it is, and what a person should do about it. */
export const fieldError = z.object({
  path: z.string().meta({
    description:
      'The field inside the body, query, path or headers, its levels joined by dots: `quantity`, `lines.0.quantity`, `address.city`; empty for the request as a whole',
  }),
  message: z.string().meta({ description: 'A sentence for a person, e.g. "Enter a whole number"' }),
});
export type FieldError = z.infer<typeof fieldError>;

/** Every error reply of the API: `{ error: { code, message, fields? } }`. */
export const errorReply = z.object({
  error: z.object({
    code: z.string().meta({ description: 'machine-readable, e.g. not_found, invalid' }),
    message: z.string().meta({
      description:
        'A sentence for a person, safe to show as it is; for `invalid`, the messages of `fields`',
    }),
    fields: z.array(fieldError).optional().meta({
      description: 'With `invalid`: each refused value of the request and what to do about it',
    }),
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
