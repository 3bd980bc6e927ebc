import { bytesReply, errorReply, orderIdParams } from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedInOrKey } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { type Invoicing, invoiceFor, renderInvoicePdf } from './invoices.service.ts';

/** A paid order's invoice as a PDF (issue 17 #8): for the order's owner and the admins. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Db; invoicing: Invoicing }> = async (
  app,
  { db, invoicing },
) => {
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        operationId: 'getInvoicePdf',
        security: signedInOrKey('orders:read'),
        summary: "A paid order's invoice (PDF), for its owner or an admin; 404 before payment",
        params: orderIdParams,
        response: {
          200: bytesReply('The invoice', 'application/pdf'),
          400: errorReply,
          401: errorReply,
          403: errorReply,
          404: errorReply,
        },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceFor(db, await request.currentUser(), request.params.id);
      const pdf = await renderInvoicePdf(invoice, invoicing);
      const name = invoice.order.invoiceNumber ?? 'invoice';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
