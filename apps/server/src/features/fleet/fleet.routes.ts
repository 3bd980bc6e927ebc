import {
  addFleetVehicleBody,
  emptyReply,
  errorReply,
  fleetHistory,
  fleetHistoryQuery,
  fleetVehicle,
  fleetVehicleList,
  fleetVehicleParams,
  updateFleetVehicleBody,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VinDecoder } from '../../adapters/vin/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import {
  addFleetVehicle,
  fleetVehicleHistory,
  getFleetVehicle,
  listFleet,
  removeFleetVehicle,
  updateFleetVehicle,
} from './fleet.service.ts';

const tags = ['companies'];
const refusals = { 400: errorReply, 401: errorReply, 404: errorReply };

/**
 * A company's fleet (issue 32 #5): its members keep its vehicles by VIN, and see every part
 * ordered for each. Every call is the caller's own company's only; a customer without a company,
 * or another company's vehicle, is a 404.
 */
export const fleetRoutes: FastifyPluginAsyncZod<{ db: Db; vinDecoder: VinDecoder }> = async (
  app,
  { db, vinDecoder },
) => {
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/company/vehicles',
    {
      schema: {
        tags,
        operationId: 'listFleet',
        security: signedIn,
        summary: "Your company's fleet: its vehicles, newest first",
        response: { 200: fleetVehicleList, ...refusals },
      },
    },
    async (request) => listFleet(db, await request.currentUser()),
  );

  app.post(
    '/api/company/vehicles',
    {
      schema: {
        tags,
        operationId: 'addFleetVehicle',
        security: signedIn,
        summary: "Add a vehicle to your company's fleet by its VIN (decoded by the shop)",
        description:
          'A VIN whose check digit is wrong, or that names no known vehicle, is a 400; a VIN already in the fleet a 409; a fleet holds at most 1,000 vehicles (409). `vehicleId` chooses the vehicle of the list among the engines the VIN leaves open.',
        body: addFleetVehicleBody,
        response: { 201: fleetVehicle, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addFleetVehicle(db, vinDecoder, await request.currentUser(), request.body)),
  );

  app.get(
    '/api/company/vehicles/:id',
    {
      schema: {
        tags,
        operationId: 'getFleetVehicle',
        security: signedIn,
        summary: "A vehicle of your company's fleet",
        params: fleetVehicleParams,
        response: { 200: fleetVehicle, ...refusals },
      },
    },
    async (request) => getFleetVehicle(db, await request.currentUser(), request.params.id),
  );

  app.put(
    '/api/company/vehicles/:id',
    {
      schema: {
        tags,
        operationId: 'updateFleetVehicle',
        security: signedIn,
        summary: "Change a fleet vehicle's plate, name, mileage or vehicle of the list",
        params: fleetVehicleParams,
        body: updateFleetVehicleBody,
        response: { 200: fleetVehicle, ...refusals },
      },
    },
    async (request) =>
      updateFleetVehicle(
        db,
        vinDecoder,
        await request.currentUser(),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/company/vehicles/:id',
    {
      schema: {
        tags,
        operationId: 'removeFleetVehicle',
        security: signedIn,
        summary: "Take a vehicle out of your company's fleet (its orders keep what it was called)",
        params: fleetVehicleParams,
        response: { 204: emptyReply('Removed'), ...refusals },
      },
    },
    async (request, reply) => {
      await removeFleetVehicle(db, await request.currentUser(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/company/vehicles/:id/history',
    {
      schema: {
        tags,
        operationId: 'fleetVehicleHistory',
        security: signedIn,
        summary:
          'Every part ordered for a fleet vehicle, newest first: date, order and quantity (X-Total-Count counts them)',
        params: fleetVehicleParams,
        querystring: fleetHistoryQuery,
        response: { 200: fleetHistory, ...refusals },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await fleetVehicleHistory(
          db,
          await request.currentUser(),
          request.params.id,
          request.query,
        ),
      ),
  );
};
