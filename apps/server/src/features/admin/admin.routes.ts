import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  adminUserList,
  auditLogQuery,
  auditLog as auditLogSchema,
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORT_REFUSED_MAX,
  catalogueImportQuery,
  catalogueImportReport,
  deletedReply,
  errorReply,
  insertedPartReply,
  manageOrdersQuery,
  modifiedReply,
  orderFilters,
  orderIdParams,
  orderList,
  orderStateCounts,
  part,
  partBody,
  partEditHeaders,
  partIdParams,
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
import { requireAdmin } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import { catalogueCsv } from '../catalog/catalogue-export.service.ts';
import { readCsv } from '../catalog/csv.service.ts';
import { cancelOrder } from '../orders/cancel-order.ts';
import type { PaymentsContext } from '../payments/payments.service.ts';
import {
  type AdminContext,
  addPart,
  auditLog,
  countOrders,
  editPart,
  importCatalogueFile,
  listOrders,
  listUsers,
  makeAdmin,
  markShipped,
} from './admin.service.ts';
import { removeUser } from './remove-user.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

export type AdminRoutesOptions = {
  /** The database, the clock and the payment provider (removing a user or an order settles its card payments). */
  ctx: AdminContext & PaymentsContext;
  /** Where uploaded part pictures go; without it, uploads are refused. */
  images?: ImageStore | undefined;
  /** The largest catalogue file an import takes (CATALOGUE_IMPORT_MAX_BYTES unless a test says). */
  catalogueImportMaxBytes?: number | undefined;
};

const tooLarge = (maxBytes: number) =>
  new DomainError(
    413,
    'payload_too_large',
    `The file is larger than ${Math.round(maxBytes / 1024 / 1024) || maxBytes / 1024 / 1024} MB; import it in parts`,
  );

/**
 * Writes a request body to `path` as it arrives, never more than `maxBytes` (then a 413, and the
 * rest of the body is left unread, so that the reply can still be sent on the connection).
 *
 * The file is taken whole before it is imported because the server gives a request
 * HTTP_REQUEST_TIMEOUT_MS (30 s) to arrive, body included: read at the pace of the database's
 * writes (about 100 s for 250,000 lines), a large file would be cut off with a 408. On disk, it
 * costs no memory; the import then reads it a chunk at a time.
 */
function spool(body: Readable, path: string, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path);
    let bytes = 0;
    const fail = (error: Error) => {
      body.removeAllListeners('data');
      body.pause();
      file.destroy();
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) return fail(tooLarge(maxBytes));
      if (!file.write(chunk)) {
        body.pause();
        file.once('drain', () => body.resume());
      }
    });
    body.once('end', () => file.end(() => resolve()));
    body.once('error', fail);
    file.once('error', fail);
  });
}

const csvFormats = [
  `Columns (header on line 1): ${CATALOGUE_CSV_COLUMNS.join(', ')}; partNumber, name, description, price, availableQuantity and minimumQuantity are required, and a column left out keeps what each part has.`,
  "Each line is checked by the Add a Product form's rules and messages; price is in dollars (18.50).",
  '`brand`: a name (made if new). `category`: a category slug (brake-pads). `img`: a picture path on this site. An empty cell clears the field.',
  '`oeNumbers`: `Brand:Number` separated by `;` (Toyota:04465-02220; Honda:15400-PLM-A02).',
  '`fitment`: vehicles of the list separated by `;`, each `Make|Model|Years` or `Make|Model|Years|Engine`: Years is one year (every vehicle of that make and model covering it) or `From-To` (exactly that run); without an engine every engine, with an empty one (`Toyota|Corolla|2014-2019|`) the vehicle whose engine the list does not name. Notes of vehicles still fitted are kept.',
  "A cell starting with `'` followed by =, +, -, @, a tab or a CR loses that quote (the export's neutralisation).",
].join('\n\n');

const imageTypes = Object.keys(UPLOAD_IMAGE_TYPES) as UploadImageType[];

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { ctx, images, catalogueImportMaxBytes = CATALOGUE_IMPORT_MAX_BYTES },
) => {
  // Every call here is for admins only (including those SPEC lists without a token): the token
  // and the role are checked before the input.
  app.addHook('onRequest', requireAdmin);
  // Every change an admin makes is a security event in the structured log (and in the audit log).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    request.log.info(
      {
        security: 'admin-action',
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        status: reply.statusCode,
      },
      'admin action',
    );
  });

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        security,
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
        security,
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
        security,
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
        security,
        summary:
          "A page of every customer's orders (cancelled ones only when asked), searched by id, customer or part, by state and dates, sorted; X-Total-Count and Link (next page) headers",
        querystring: manageOrdersQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await listOrders(ctx, request.query)),
  );

  app.get(
    '/api/manageorders/counts',
    {
      schema: {
        tags,
        security,
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
        security,
        summary: 'Ship a paid order',
        params: orderIdParams,
        response: { 200: shipOrderReply, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => markShipped(ctx, await request.currentAdmin(), request.params.id),
  );

  app.delete(
    '/api/deleteorder/:id',
    {
      schema: {
        tags,
        security,
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
        security,
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
        security,
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
        security,
        summary: "Upload a part's picture (the body is the image: PNG, JPEG, WebP or GIF, ≤ 2 MB)",
        consumes: imageTypes,
        response: { 201: uploadedImageReply, 415: errorReply, 503: errorReply, ...refusals },
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

  // A catalogue file is read as it arrives (never whole): the body reaches the route as a stream.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.post(
    '/api/admin/catalogue/import',
    {
      schema: {
        tags,
        security,
        summary:
          'Import a CSV file of parts (Content-Type text/csv): each line upserts a part by part number (in any spelling); ?dryRun=true changes nothing',
        description:
          `${csvFormats}\n\nThe file is received whole into a temporary file first (a request has HTTP_REQUEST_TIMEOUT_MS to arrive), then written in one transaction, 1,000 lines per statement: it is all written or (a file too large, a lost connection) not at all. ` +
          `A refused line writes nothing; a part number already on an earlier line is refused naming that line. ` +
          `The reply counts the parts inserted and updated and lists the first ${CATALOGUE_IMPORT_REFUSED_MAX} refused lines (the header is line 1) with the reason; refusedCount counts them all. ` +
          `At most ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB (413); a wrong header is a 400.`,
        consumes: ['text/csv'],
        querystring: catalogueImportQuery,
        response: { 200: catalogueImportReport, 413: errorReply, 415: errorReply, ...refusals },
      },
    },
    async (request) => {
      const admin = await request.currentAdmin();
      const body = request.body;
      if (!(body instanceof Readable))
        throw new DomainError(415, 'unsupported_media_type', 'Send the file as text/csv');
      if (Number(request.headers['content-length'] ?? 0) > catalogueImportMaxBytes)
        throw tooLarge(catalogueImportMaxBytes);
      const folder = await mkdtemp(join(tmpdir(), 'axle-import-'));
      try {
        const path = join(folder, 'catalogue.csv');
        await spool(body, path, catalogueImportMaxBytes);
        return await importCatalogueFile(
          ctx,
          admin,
          readCsv(createReadStream(path, { encoding: 'utf8' })),
          request.query.dryRun,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/api/admin/catalogue/export',
    {
      schema: {
        tags,
        security,
        summary: "The whole catalogue as a CSV file, in the import's columns and formats",
        description: `${csvFormats}\n\nStreamed a page of parts at a time. A cell starting with =, +, -, @, a tab or a CR is neutralised with a leading '; importing the file again changes nothing.`,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (RFC 4180, CRLF line ends)'), ...refusals },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="axle-catalogue.csv"')
        .header('cache-control', 'no-store')
        // Fastify sends a stream as it comes, unserialised; the schema documents its text.
        .send(Readable.from(catalogueCsv(ctx.db)) as unknown as string),
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        security,
        summary:
          'A page of admin actions, newest first, searched by admin or target, by action and dates; X-Total-Count and Link (next page) headers',
        querystring: auditLogQuery,
        response: { 200: auditLogSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await auditLog(ctx.db, request.query)),
  );
};
