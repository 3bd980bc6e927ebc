import {
  errorReply,
  vehicleChoices,
  vehicleEnginesQuery,
  vehicleMakesQuery,
  vehicleModelsQuery,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import {
  listVehicleEngines,
  listVehicleMakes,
  listVehicleModels,
  listVehicleYears,
} from './vehicles.service.ts';

/**
 * The vehicle picker's cascading choices, public: year → make → model → engine (issue 16 #2).
 * The list changes only with a release, so browsers and proxies may keep an answer for an hour.
 */
export const vehiclesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cacheable = { 'cache-control': 'public, max-age=3600' };
  const tags = ['vehicles'];

  app.get(
    '/api/vehicles/years',
    {
      schema: {
        tags,
        summary: 'The model years of the vehicle list, newest first',
        response: { 200: vehicleChoices },
      },
    },
    async (_request, reply) => reply.headers(cacheable).send(await listVehicleYears(db)),
  );

  app.get(
    '/api/vehicles/makes',
    {
      schema: {
        tags,
        summary: 'The makes with a model built in a year, A to Z',
        querystring: vehicleMakesQuery,
        response: { 200: vehicleChoices, 400: errorReply },
      },
    },
    async (request, reply) =>
      reply.headers(cacheable).send(await listVehicleMakes(db, request.query)),
  );

  app.get(
    '/api/vehicles/models',
    {
      schema: {
        tags,
        summary: "A make's models built in a year, A to Z",
        querystring: vehicleModelsQuery,
        response: { 200: vehicleChoices, 400: errorReply },
      },
    },
    async (request, reply) =>
      reply.headers(cacheable).send(await listVehicleModels(db, request.query)),
  );

  app.get(
    '/api/vehicles/engines',
    {
      schema: {
        tags,
        summary:
          'A model\'s engines in a year, each with the id of its vehicle ("All engines" when the list names none)',
        querystring: vehicleEnginesQuery,
        response: { 200: vehicleChoices, 400: errorReply },
      },
    },
    async (request, reply) =>
      reply.headers(cacheable).send(await listVehicleEngines(db, request.query)),
  );
};
