import {
  errorReply,
  part,
  partIdParams,
  setPartStockBody,
  updateWarehouseBody,
  warehouse,
  warehouseBody,
  warehouseList,
  warehouseParams,
} from '@axle/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { publicOrKey, signedIn } from '../../http/access.ts';
import { logAdminActions } from '../../http/admin-actions.ts';
import { requireAdmin } from '../../http/auth.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import { setPartStock } from './set-part-stock.ts';
import { addWarehouse, listWarehouses, updateWarehouse } from './warehouses.service.ts';

const tags = ['warehouses'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

/**
 * Warehouses (issue 32 #2): everyone reads the list (a part's stock names them by code, and the
 * pages promise a shipping day from their cutoffs); admins add and change them, and set what each
 * holds of a part.
 */
export const warehousesRoutes: FastifyPluginAsyncZod<{ db: Db; mail: OrderMail }> = async (
  app,
  { db, mail },
) => {
  app.get(
    '/api/warehouses',
    {
      schema: {
        tags,
        operationId: 'listWarehouses',
        security: publicOrKey('catalogue:read'),
        summary: 'The warehouses, in the order an order takes stock from them',
        description:
          'Each with its daily `cutoff` (local time in its `timeZone`) until which an order ships the same working day, and its working days (ISO weekdays, 1 is Monday).',
        response: { 200: warehouseList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return listWarehouses(db);
    },
  );

  // Admins only: checked before the body is read, and each change logged as a security event.
  await app.register(async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    logAdminActions(admin);
    await adminRoutes(admin, db, mail);
  });
};

async function adminRoutes(app: FastifyInstance, db: Db, mail: OrderMail): Promise<void> {
  const calls = app.withTypeProvider<ZodTypeProvider>();
  calls.post(
    '/api/admin/warehouses',
    {
      schema: {
        tags,
        operationId: 'addWarehouse',
        security: signedIn,
        summary: 'Add a warehouse (admins)',
        description: 'A code already used is a 409; a shop has at most 50 warehouses (409).',
        body: warehouseBody,
        response: { 201: warehouse, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addWarehouse(db, await request.currentAdmin(), request.body)),
  );

  calls.put(
    '/api/admin/warehouses/:code',
    {
      schema: {
        tags,
        operationId: 'updateWarehouse',
        security: signedIn,
        summary:
          "Change a warehouse's name, city, cutoff, time zone, working days or place (admins)",
        params: warehouseParams,
        body: updateWarehouseBody,
        response: { 200: warehouse, 404: errorReply, ...refusals },
      },
    },
    async (request) =>
      updateWarehouse(db, await request.currentAdmin(), request.params.code, request.body),
  );

  calls.put(
    '/api/admin/parts/:id/stock',
    {
      schema: {
        tags,
        operationId: 'setPartStock',
        security: signedIn,
        summary: 'Set what one warehouse holds of a part, and when more is expected there (admins)',
        description:
          "The part's `availableQuantity` moves by the difference (it is the sum over its warehouses). `restockDate` left out keeps the one set; null forgets it. Answers the part.",
        params: partIdParams,
        body: setPartStockBody,
        response: { 200: part, 404: errorReply, ...refusals },
      },
    },
    async (request) =>
      setPartStock({ db, mail }, await request.currentAdmin(), request.params.id, request.body),
  );
}
