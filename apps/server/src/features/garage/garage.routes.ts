import {
  addGarageVehicleBody,
  errorReply,
  garageList,
  garageVehicleKey,
  garageVehicleParams,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import {
  addToGarage,
  clearCurrent,
  listGarage,
  makeCurrent,
  removeFromGarage,
} from './garage.service.ts';

const tags = ['garage'];
const refusals = { 400: errorReply, 401: errorReply };

/**
 * My garage (issue 16 #3): a customer's vehicles, one of them current (the shop filters by it
 * until it is cleared). Each call acts on the caller's own garage and answers it whole.
 */
export const garageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/garage',
    {
      schema: {
        tags,
        operationId: 'getGarage',
        security: signedIn,
        summary: 'Your garage: the current vehicle first, then the newest',
        response: { 200: garageList, 401: errorReply },
      },
    },
    async (request) => listGarage(db, await request.currentUser()),
  );

  app.post(
    '/api/garage',
    {
      schema: {
        tags,
        operationId: 'addVehicle',
        security: signedIn,
        summary: 'Add a vehicle of the list, in a model year of its range, to your garage',
        description:
          'The same vehicle and year again adds nothing (200). `current: true` makes it the current vehicle; the first vehicle of a garage is current. A garage holds at most 50 vehicles (409 for one more); a vehicle the list does not hold, or a year outside its range, is a 400.',
        body: addGarageVehicleBody,
        response: { 200: garageList, 201: garageList, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) => {
      const { added, garage } = await addToGarage(db, await request.currentUser(), request.body);
      return reply.code(added ? 201 : 200).send(garage);
    },
  );

  app.put(
    '/api/garage/current',
    {
      schema: {
        tags,
        operationId: 'setCurrentVehicle',
        security: signedIn,
        summary: 'Make a vehicle of your garage the current one (the shop filters by it)',
        body: garageVehicleKey,
        response: { 200: garageList, 404: errorReply, ...refusals },
      },
    },
    async (request) => makeCurrent(db, await request.currentUser(), request.body),
  );

  app.delete(
    '/api/garage/current',
    {
      schema: {
        tags,
        operationId: 'clearCurrentVehicle',
        security: signedIn,
        summary: 'No current vehicle any more: the shop stops filtering by one',
        response: { 200: garageList, 401: errorReply },
      },
    },
    async (request) => clearCurrent(db, await request.currentUser()),
  );

  app.delete(
    '/api/garage/:vehicleId/:year',
    {
      schema: {
        tags,
        operationId: 'removeVehicle',
        security: signedIn,
        summary: 'Remove a vehicle from your garage',
        params: garageVehicleParams,
        response: { 200: garageList, 404: errorReply, ...refusals },
      },
    },
    async (request) => removeFromGarage(db, await request.currentUser(), request.params),
  );
};
