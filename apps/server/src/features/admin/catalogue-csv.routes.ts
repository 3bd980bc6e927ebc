import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORT_REFUSED_MAX,
  catalogueImportQuery,
  catalogueImportReport,
  errorReply,
  PRICE_TIERS_MAX,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/errors.ts';
import { signedIn } from '../../http/access.ts';
import { catalogueCsv } from '../catalog/catalogue-export.service.ts';
import { readCsv } from '../catalog/csv.service.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import { type AdminContext, importCatalogueFile } from './admin.service.ts';

// Catalogue import and export (issue 16 #7): a CSV file of parts in, the whole catalogue out.
// Registered by adminRoutes, whose hooks check the admin and log every change.

const tags = ['admin'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

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
 * costs no memory; the import then reads it a chunk at a time. A disk without room for it fails
 * the import (the error mapping answers 507) and the route removes the part written.
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
    // Resolved only once every byte is on the disk ('finish'): a write that fails at the end (a
    // full disk) is an 'error', never a shorter file taken for the whole one.
    body.once('end', () => file.end());
    file.once('finish', () => resolve());
    body.once('error', fail);
    file.once('error', fail);
  });
}

const csvFormats = [
  `Columns (header on line 1): ${CATALOGUE_CSV_COLUMNS.join(', ')}; partNumber, name, description, price, availableQuantity and minimumQuantity are required, and a column left out keeps what each part has.`,
  "Each line is checked by the Add a Product form's rules and messages; price is in dollars (18.50).",
  '`brand`: a name (made if new). `category`: a category slug (brake-pads). `img`: a picture path on this site. An empty cell clears the field.',
  `\`priceTiers\`: volume prices, \`Quantity:Price\` separated by \`;\` (50:3.90; 200:3.50): from that many units on, each costs that price in dollars; from the smallest quantity up, each cheaper than the one before and below \`price\`, at most ${PRICE_TIERS_MAX}.`,
  '`oeNumbers`: `Brand:Number` separated by `;` (Toyota:04465-02220; Honda:15400-PLM-A02).',
  "`stock:CODE`: one column per warehouse (GET /api/warehouses), after the others: what it holds of the part, a whole number. A file with stock columns names every warehouse, and each line's availableQuantity must be their sum; without them, a larger availableQuantity goes to the first warehouse and a smaller one is taken as an order would take it.",
  '`fitment`: vehicles of the list separated by `;`, each `Make|Model|Years` or `Make|Model|Years|Engine`: Years is one year (every vehicle of that make and model covering it) or `From-To` (exactly that run); without an engine every engine, with an empty one (`Toyota|Corolla|2014-2019|`) the vehicle whose engine the list does not name. Notes of vehicles still fitted are kept.',
  "A cell starting with `'` followed by =, +, -, @, a tab or a CR loses that quote (the export's neutralisation).",
].join('\n\n');

export const catalogueCsvRoutes: FastifyPluginAsyncZod<{
  ctx: AdminContext & { mail: OrderMail };
  /** The largest catalogue file an import takes. */
  maxBytes: number;
}> = async (app, { ctx, maxBytes }) => {
  // A catalogue file is read as it arrives (never whole): the body reaches the route as a stream.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.post(
    '/api/admin/catalogue/import',
    {
      schema: {
        tags,
        operationId: 'importCatalogue',
        security: signedIn,
        summary:
          'Import a CSV file of parts (Content-Type text/csv): each line upserts a part by part number (in any spelling); ?dryRun=true changes nothing',
        description:
          `${csvFormats}\n\nThe file is received whole into a temporary file first (a request has HTTP_REQUEST_TIMEOUT_MS to arrive), then written in one transaction, 1,000 lines per statement: it is all written or (a file too large, a lost connection) not at all. ` +
          `A refused line writes nothing; a part number already on an earlier line is refused naming that line. ` +
          `The reply counts the parts inserted and updated and lists the first ${CATALOGUE_IMPORT_REFUSED_MAX} refused lines (the header is line 1) with the reason; refusedCount counts them all. ` +
          `At most ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB (413); a wrong header is a 400; a disk without room for the file (or the database's writes) is a 507, and nothing is imported.`,
        consumes: ['text/csv'],
        querystring: catalogueImportQuery,
        response: {
          200: catalogueImportReport,
          413: errorReply,
          415: errorReply,
          507: errorReply,
          ...refusals,
        },
      },
    },
    async (request) => {
      const admin = await request.currentAdmin();
      const body = request.body;
      if (!(body instanceof Readable))
        throw new DomainError(415, 'unsupported_media_type', 'Send the file as text/csv');
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
      const folder = await mkdtemp(join(tmpdir(), 'axle-import-'));
      try {
        const path = join(folder, 'catalogue.csv');
        await spool(body, path, maxBytes);
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
        operationId: 'exportCatalogue',
        security: signedIn,
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
};
