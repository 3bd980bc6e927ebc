import {
  BULK_SHIP_MAX,
  bytesReply,
  errorReply,
  orderIdParams,
  pickingListQuery,
} from '@axle/contract';
import { orderNumberText } from '@axle/contract/order-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireAdmin } from '../../http/auth.ts';
import type { Invoicing } from '../invoices/invoices.service.ts';
import {
  packingSlipOf,
  pickingList,
  renderPackingSlipPdf,
  renderPickingListPdf,
} from './picking.service.ts';

const tags = ['admin'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

/** The warehouse's papers (issue 33 #2): picking lists and packing slips, for admins only. */
export const pickingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  invoicing: Invoicing;
  now?: (() => Date) | undefined;
}> = async (app, { db, invoicing, now = () => new Date() }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/api/admin/orders/picking-list.pdf',
    {
      schema: {
        tags,
        operationId: 'getPickingList',
        security: signedIn,
        summary:
          'A picking list (PDF): the orders named, or the oldest paid orders waiting to ship',
        description: `Lines grouped by the warehouse their units were taken from, by part number in each, with the total to take and the orders it goes to. \`ids\`: order ids, comma-separated (at most ${BULK_SHIP_MAX}); orders that cannot ship (unpaid, cancelled, shipped, waiting for backordered parts, unknown) are named at the end with the reason. Without \`ids\`: the ${BULK_SHIP_MAX} oldest paid orders waiting to ship.`,
        querystring: pickingListQuery,
        response: { 200: bytesReply('The picking list', 'application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      const list = await pickingList(db, request.query.ids, BULK_SHIP_MAX);
      const pdf = await renderPickingListPdf(list, invoicing, now());
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="picking-list.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/admin/orders/:id/packing-slip.pdf',
    {
      schema: {
        tags,
        operationId: 'getPackingSlip',
        security: signedIn,
        summary: "A paid order's packing slip (PDF): its lines and where they go, without prices",
        params: orderIdParams,
        response: {
          200: bytesReply('The packing slip', 'application/pdf'),
          404: errorReply,
          409: errorReply,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const slip = await packingSlipOf(db, request.params.id);
      const pdf = await renderPackingSlipPdf(slip, invoicing);
      const name = `packing-slip-${orderNumberText(slip.order.number).replace(' ', '-').toLowerCase()}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
