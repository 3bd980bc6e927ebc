import {
  bytesReply,
  coreReturnBody,
  creditNoteParams,
  errorReply,
  order,
  orderIdParams,
} from '@axle/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn, signedInOrKey } from '../../http/access.ts';
import { logAdminActions } from '../../http/admin-actions.ts';
import { requireAdmin, requireSignedIn } from '../../http/auth.ts';
import {
  creditNoteFor,
  type Invoicing,
  renderCreditNotePdf,
} from '../invoices/invoices.service.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import { recordCoreReturn } from './record-core-return.ts';

const tags = ['orders'];

/**
 * Core returns and credit notes (issue 32 #4): admins record the old parts received for an order,
 * which issues a credit note; the order's owner and the admins download each credit note.
 */
export const creditNotesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: OrderMail;
  invoicing: Invoicing;
}> = async (app, { db, mail, invoicing }) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireSignedIn);
    const owner = scope.withTypeProvider<ZodTypeProvider>();
    owner.get(
      '/api/orders/:id/credit-notes/:number.pdf',
      {
        schema: {
          tags,
          operationId: 'getCreditNotePdf',
          security: signedInOrKey('orders:read'),
          summary: "A credit note of an order (PDF), for the order's owner or an admin",
          params: creditNoteParams,
          response: {
            200: bytesReply('The credit note', 'application/pdf'),
            400: errorReply,
            401: errorReply,
            403: errorReply,
            404: errorReply,
          },
        },
      },
      async (request, reply) => {
        const { invoice, note } = await creditNoteFor(
          db,
          await request.currentUser(),
          request.params.id,
          request.params.number,
        );
        const pdf = await renderCreditNotePdf(invoice, note, invoicing);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${note.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  });

  // Admins only: checked before the body is read, and each change logged as a security event.
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    logAdminActions(scope);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.post(
      '/api/admin/orders/:id/core-returns',
      {
        // A retried request (the reply lost) answers the first credit note, not a second refund.
        config: { idempotent: true },
        schema: {
          tags,
          operationId: 'recordCoreReturn',
          security: signedIn,
          summary: 'Record old parts (cores) received for a paid order (admins)',
          description:
            "Issues a credit note for their deposits: refunded to the card through the payment provider, or credited to the company's account when the order was paid on account. More cores than are still owed on the line is a 409 and changes nothing; a part without a core charge on the order is a 400.",
          params: orderIdParams,
          body: coreReturnBody,
          response: {
            201: order,
            400: errorReply,
            401: errorReply,
            403: errorReply,
            404: errorReply,
            409: errorReply,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await recordCoreReturn(
              { db, mail },
              await request.currentAdmin(),
              request.params.id,
              request.body,
            ),
          ),
    );
  });
};
