import {
  errorReply,
  vehicleChoices,
  vehicleEnginesQuery,
  vehicleMakesQuery,
  vehicleModelsQuery,
  vinDecoded,
  vinParams,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VinDecoder } from '../../adapters/vin/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { publicOrKey } from '../../http/access.ts';
import { type Limit, limitRoute } from '../../http/rate-limit.ts';
import {
  listVehicleEngines,
  listVehicleMakes,
  listVehicleModels,
  listVehicleYears,
  lookUpVin,
} from './vehicles.service.ts';

/**
 * The vehicle picker's cascading choices, public: year → make → model → engine (issue 16 #2).
 * The list changes only with a release, so browsers and proxies may keep an answer for an hour.
 */
/** A VIN costs its decoder 100–250 ms: enough for a workshop's day, not for a scraper. */
export const VIN_LOOKUPS_PER_IP: Limit = { max: 30, windowSeconds: 60 };
const tooManyLookups = (minutes: number) =>
  `Too many VIN lookups from here: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const vehiclesRoutes: FastifyPluginAsyncZod<{ db: Db; vinDecoder: VinDecoder }> = async (
  app,
  { db, vinDecoder },
) => {
  const cacheable = { 'cache-control': 'public, max-age=3600' };
  const tags = ['vehicles'];

  app.get(
    '/api/vehicles/years',
    {
      schema: {
        tags,
        operationId: 'listVehicleYears',
        security: publicOrKey('catalogue:read'),
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
        operationId: 'listVehicleMakes',
        security: publicOrKey('catalogue:read'),
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
        operationId: 'listVehicleModels',
        security: publicOrKey('catalogue:read'),
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
        operationId: 'listVehicleEngines',
        security: publicOrKey('catalogue:read'),
        summary:
          'A model\'s engines in a year, each with the id of its vehicle ("All engines" when the list names none)',
        querystring: vehicleEnginesQuery,
        response: { 200: vehicleChoices, 400: errorReply },
      },
    },
    async (request, reply) =>
      reply.headers(cacheable).send(await listVehicleEngines(db, request.query)),
  );

  app.get(
    '/api/vehicles/vin/:vin',
    {
      config: { rateLimit: limitRoute(VIN_LOOKUPS_PER_IP, tooManyLookups) },
      schema: {
        tags,
        operationId: 'decodeVin',
        security: publicOrKey('catalogue:read'),
        summary:
          "Decodes a VIN offline (NHTSA vPIC): its year, make, model and engine, the list's vehicle it is when the list tells, and the engines to choose from",
        params: vinParams,
        response: { 200: vinDecoded, 400: errorReply, 404: errorReply, 429: errorReply },
      },
    },
    async (request) => lookUpVin(db, vinDecoder, request.params.vin),
  );
};
