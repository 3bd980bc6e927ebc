import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from './reply-serializer.ts';

// The compiled reply serialiser (ADR 022): it writes only what the contract names, and outside
// production a reply it would write differently from zod's, or one that breaks its schema, fails.
const account = z.object({ id: z.uuid().optional(), name: z.string(), credit: z.number() });
const stamped = z.object({ at: z.string().transform((text) => text.toUpperCase()) });

async function appWith(check: boolean, reply: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ check }));
  app.get('/account', { schema: { response: { 200: account } } }, async () => reply);
  app.get('/stamped', { schema: { response: { 200: stamped } } }, async () => reply);
  await app.ready();
  return app;
}

describe('the compiled reply serialiser', () => {
  it('writes what the contract names and drops the rest, checked or not', async () => {
    const row = { name: 'Rahim', credit: 12.5, passwordHash: 'secret', id: undefined };
    for (const check of [true, false]) {
      const app = await appWith(check, row);
      const res = await app.inject('/account');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret');
      expect(res.json()).toEqual({ name: 'Rahim', credit: 12.5 });
      await app.close();
    }
  });

  it('fails a reply that breaks its schema where replies are checked', async () => {
    const wrong = { name: 'Rahim', credit: '12.5' };
    const checked = await appWith(true, wrong);
    expect((await checked.inject('/account')).statusCode).toBe(500);
    await checked.close();
    // In production the compiled serialiser writes it as JSON Schema reads it: a number.
    const unchecked = await appWith(false, wrong);
    expect((await unchecked.inject('/account')).json()).toEqual({ name: 'Rahim', credit: 12.5 });
    await unchecked.close();
  });

  it('fails a schema zod cannot write (a one-way transform) where replies are checked', async () => {
    const app = await appWith(true, { at: 'noon' });
    expect((await app.inject('/stamped')).statusCode).toBe(500);
    await app.close();
  });
});
