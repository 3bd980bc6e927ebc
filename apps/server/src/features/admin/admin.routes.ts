import { Readable } from 'node:stream';
import {
  adminUserList,
  auditLogQuery,
  auditLog as auditLogSchema,
  BULK_SHIP_MAX,
  bulkShipBody,
  bulkShipReply,
  CATALOGUE_IMPORT_MAX_BYTES,
  deletedReply,
  errorReply,
  insertedPartReply,
  manageOrdersQuery,
  modifiedReply,
  ORDER_CSV_COLUMNS,
  orderExportQuery,
  orderFilters,
  orderIdParams,
  orderList,
  orderStateCounts,
  part,
  partBody,
  partEditHeaders,
  partIdParams,
  shipOrderBody,
  shipOrderReply,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_TYPES,
  type UploadImageType,
  uploadedImageReply,
  userEmailParams,
  usersQuery,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ImageStore, looksLike } from '../../adapters/images/image-store.ts';
import { Conflict, DomainError, Invalid, NotFound } from '../../domain/errors.ts';
import { signedIn } from '../../http/access.ts';
import { logAdminActions } from '../../http/admin-actions.ts';
import { requireAdmin } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import { cancelOrder } from '../orders/cancel-order.ts';
import type { PaymentsContext } from '../payments/payments.service.ts';
import {
  type AdminContext,
  addPart,
  auditLog,
  countOrders,
  editPart,
  exportOrders,
  listOrders,
  listUsers,
  makeAdmin,
  markShipped,
  shipOrders,
} from './admin.service.ts';
import { catalogueCsvRoutes } from './catalogue-csv.routes.ts';
import { removeUser } from './remove-user.ts';

const tags = ['admin'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

export type AdminRoutesOptions = {
  /** The database, the clock and the payment provider (removing a user or an order settles its card payments). */
  ctx: AdminContext & PaymentsContext;
  /** Where uploaded part pictures go; without it, uploads are refused. */
  images?: ImageStore | undefined;
  /** The largest catalogue file an import takes (CATALOGUE_IMPORT_MAX_BYTES unless a test says). */
  catalogueImportMaxBytes?: number | undefined;
};

const imageTypes = Object.keys(UPLOAD_IMAGE_TYPES) as UploadImageType[];

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { ctx, images, catalogueImportMaxBytes = CATALOGUE_IMPORT_MAX_BYTES },
) => {
  // Every call here is for admins only (including those SPEC lists without a token): the token
  // and the role are checked before the input.
  app.addHook('onRequest', requireAdmin);
  logAdminActions(app);
  // Catalogue import and export: registered here, so that the hooks above check and log them too.
  await app.register(catalogueCsvRoutes, { ctx, maxBytes: catalogueImportMaxBytes });

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        operationId: 'listUsers',
        security: signedIn,
        summary:
          'A page of accounts (never credentials), searched by name or e-mail, by role, sorted; X-Total-Count and Link (next page) headers',
        querystring: usersQuery,
        response: { 200: adminUserList, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await listUsers(ctx, request.query)),
  );

  app.put(
    '/api/user/admin/:email',
    {
      schema: {
        tags,
        operationId: 'makeAdmin',
        security: signedIn,
        summary: 'Make an account an admin',
        params: userEmailParams,
        response: { 200: modifiedReply, 404: errorReply, ...refusals },
      },
    },
    async (request) => makeAdmin(ctx, await request.currentAdmin(), request.params.email),
  );

  app.delete(
    '/api/user/:email',
    {
      schema: {
        tags,
        operationId: 'removeUser',
        security: signedIn,
        summary:
          'Remove an account: sessions end, unpaid orders are cancelled; paid orders and reviews stay',
        params: userEmailParams,
        response: { 200: deletedReply, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => removeUser(ctx, await request.currentAdmin(), request.params.email),
  );

  app.get(
    '/api/manageorders',
    {
      schema: {
        tags,
        operationId: 'listAllOrders',
        security: signedIn,
        summary:
          "A page of every customer's orders (cancelled ones only when asked), searched by id, customer or part, by state and dates, sorted; X-Total-Count and Link (next page) headers",
        querystring: manageOrdersQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await listOrders(ctx, request.query)),
  );

  app.get(
    '/api/admin/orders/export.csv',
    {
      schema: {
        tags,
        operationId: 'exportOrders',
        security: signedIn,
        summary:
          "Orders as a CSV file, one row a line, under Manage All Orders' search, dates and state (issue 33 #3)",
        description: `Oldest first, streamed a page of orders at a time. Columns: ${ORDER_CSV_COLUMNS.join(', ')}. A cell starting with =, +, -, @, a tab or a CR is neutralised with a leading '.`,
        querystring: orderExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180, CRLF line ends)'), ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="axle-orders.csv"')
        .header('cache-control', 'no-store')
        // Fastify sends a stream as it comes, unserialised; the schema documents its text.
        .send(Readable.from(exportOrders(ctx, request.query)) as unknown as string),
  );

  app.get(
    '/api/manageorders/counts',
    {
      schema: {
        tags,
        operationId: 'countOrdersByState',
        security: signedIn,
        summary: 'How many orders each state holds, under the same search and dates',
        querystring: orderFilters,
        response: { 200: orderStateCounts, ...refusals },
      },
    },
    async (request) => countOrders(ctx, request.query),
  );

  app.put(
    '/api/manageorders/:id',
    {
      schema: {
        tags,
        operationId: 'markShipped',
        security: signedIn,
        summary:
          "Ship a paid order, optionally with the carrier's tracking number (the customer is e-mailed)",
        params: orderIdParams,
        body: shipOrderBody,
        response: { 200: shipOrderReply, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) =>
      markShipped(ctx, await request.currentAdmin(), request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/ship',
    {
      schema: {
        tags,
        operationId: 'shipOrders',
        security: signedIn,
        summary:
          'Ship many paid orders at once, each with its tracking number if given (issue 33 #2)',
        description: `At most ${BULK_SHIP_MAX} orders. Each that can be shipped is; the others are reported with the reason (unpaid, cancelled, waiting for backordered parts, already shipped, unknown) and stay as they were. One audit row an order; each customer is mailed once, naming every order of theirs that shipped.`,
        body: bulkShipBody,
        response: { 200: bulkShipReply, ...refusals },
      },
    },
    async (request) => shipOrders(ctx, await request.currentAdmin(), request.body),
  );

  app.delete(
    '/api/deleteorder/:id',
    {
      schema: {
        tags,
        operationId: 'deleteUnpaidOrder',
        security: signedIn,
        summary: 'Delete (cancel) an unpaid order; its quantity goes back in stock',
        params: orderIdParams,
        response: { 200: deletedReply, ...refusals },
      },
    },
    async (request) => {
      const admin = await request.currentAdmin();
      // SPEC's delete answers 0 for an order it cannot delete: unknown, paid or already cancelled.
      try {
        const cancelled = await cancelOrder(ctx, { admin }, request.params.id);
        return { deletedCount: cancelled ? 1 : 0 };
      } catch (error) {
        if (error instanceof NotFound || error instanceof Conflict) return { deletedCount: 0 };
        throw error;
      }
    },
  );

  app.post(
    '/api/items',
    {
      schema: {
        tags,
        operationId: 'addPart',
        security: signedIn,
        summary: 'Add a part to the catalogue',
        body: partBody,
        response: { 201: insertedPartReply, ...refusals },
      },
    },
    async (request, reply) => {
      const inserted = await addPart(ctx, await request.currentAdmin(), request.body);
      return reply.code(201).send(inserted);
    },
  );

  app.put(
    '/api/item/:id',
    {
      schema: {
        tags,
        operationId: 'editPart',
        security: signedIn,
        summary: "Edit a part's details, price and stock",
        description:
          'Send the part\'s `version` (from any reply that shows the part) as `If-Match: "<version>"`. ' +
          'If the part changed since (an order, a cancellation or another edit), the edit is refused ' +
          'with 409 and nothing changes; without If-Match it is a 428.',
        params: partIdParams,
        headers: partEditHeaders,
        body: partBody,
        response: { 200: part, 404: errorReply, 409: errorReply, 428: errorReply, ...refusals },
      },
    },
    async (request) => {
      const admin = await request.currentAdmin();
      const ifMatch = request.headers['if-match'];
      if (!ifMatch)
        throw new DomainError(
          428,
          'precondition_required',
          'Send the version of the part you edited in If-Match (its version field, in double quotes)',
        );
      return editPart(ctx, admin, request.params.id, ifMatch.slice(1, -1), request.body);
    },
  );

  // A part's picture is uploaded as the request body itself (Content-Type image/png, image/jpeg,
  // image/webp or image/gif, at most 2 MB); the bytes must really be that kind of picture.
  app.addContentTypeParser(imageTypes, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/images',
    {
      bodyLimit: UPLOAD_IMAGE_MAX_BYTES,
      schema: {
        tags,
        operationId: 'uploadPartImage',
        security: signedIn,
        summary: "Upload a part's picture (the body is the image: PNG, JPEG, WebP or GIF, ≤ 2 MB)",
        consumes: imageTypes,
        response: {
          201: uploadedImageReply,
          415: errorReply,
          503: errorReply,
          507: errorReply,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await request.currentAdmin();
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      const body = request.body;
      if (!Buffer.isBuffer(body) || !imageTypes.includes(type as UploadImageType))
        throw new DomainError(415, 'unsupported_media_type', 'Upload a PNG, JPEG, WebP or GIF');
      if (!looksLike(body, type as UploadImageType))
        throw new Invalid(`The file is not a ${UPLOAD_IMAGE_TYPES[type as UploadImageType]} image`);
      if (!images) throw new DomainError(503, 'unavailable', 'Image upload is not configured');
      const name = await images.save(body, type as UploadImageType);
      return reply.code(201).send({ img: `/api/images/${name}` });
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        operationId: 'listAdminActions',
        security: signedIn,
        summary:
          'A page of admin actions, newest first, searched by admin or target, by action and dates; X-Total-Count and Link (next page) headers',
        querystring: auditLogQuery,
        response: { 200: auditLogSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await auditLog(ctx.db, request.query)),
  );
};
