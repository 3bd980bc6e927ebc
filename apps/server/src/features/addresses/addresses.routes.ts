import {
  address,
  addressBody,
  addressIdParams,
  addressList,
  deletedReply,
  errorReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { signedIn, signedInOrKey } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { membershipOf } from '../companies/companies.service.ts';
import {
  type AddressBook,
  addAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from './addresses.service.ts';

const tags = ['addresses'];
const refusals = { 400: errorReply, 401: errorReply };

/**
 * Ship-to addresses (issue 17 #3): a signed-in customer's own, one of them the default; a
 * company's members share the company's (issue 18).
 */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const bookOf = async (caller: RequestUser): Promise<AddressBook> => ({
    userId: caller.id,
    companyId: (await membershipOf(db, caller.id))?.companyId ?? null,
  });

  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/addresses',
    {
      schema: {
        tags,
        operationId: 'listAddresses',
        security: signedInOrKey('orders:read'),
        summary: 'Your ship-to addresses, the default first',
        response: { 200: addressList, 401: errorReply },
      },
    },
    async (request) => listAddresses(db, await bookOf(await request.currentUser())),
  );

  app.post(
    '/api/addresses',
    {
      schema: {
        tags,
        operationId: 'saveAddress',
        security: signedIn,
        summary: 'Save a ship-to address (the first one is the default; at most 20)',
        body: addressBody,
        response: { 201: address, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addAddress(db, await bookOf(await request.currentUser()), request.body)),
  );

  app.put(
    '/api/addresses/:id',
    {
      schema: {
        tags,
        operationId: 'changeAddress',
        security: signedIn,
        summary: 'Change one of your addresses; isDefault: true makes it the default',
        params: addressIdParams,
        body: addressBody,
        response: { 200: address, 404: errorReply, ...refusals },
      },
    },
    async (request) =>
      updateAddress(db, await bookOf(await request.currentUser()), request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      schema: {
        tags,
        operationId: 'deleteAddress',
        security: signedIn,
        summary: 'Delete one of your addresses (another becomes the default if need be)',
        params: addressIdParams,
        response: { 200: deletedReply, 404: errorReply, ...refusals },
      },
    },
    async (request) =>
      deleteAddress(db, await bookOf(await request.currentUser()), request.params.id),
  );
};
