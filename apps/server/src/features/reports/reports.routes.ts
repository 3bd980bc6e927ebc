import {
  errorReply,
  LIST_PAGE_MAX,
  lowStockList,
  lowStockQuery,
  lowStockRow,
  partIdParams,
  reorderPointBody,
  salesQuery,
  salesReport,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { requireAdmin } from '../../http/auth.ts';
import { lowStock, salesReport as reportSales } from './reports.service.ts';
import { setReorderPoint } from './set-reorder-point.ts';

const tags = ['admin'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

export type ReportsRoutesOptions = {
  db: Db;
  /** SHOP_TIME_ZONE: the days of the reports. */
  timeZone: string;
  now?: (() => Date) | undefined;
};

/** The back office's reports (issue 33 #1, #4): sales at a glance and the parts running out. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (
  app,
  { db, timeZone, now = () => new Date() },
) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/api/admin/reports/sales',
    {
      schema: {
        tags,
        operationId: 'getSalesReport',
        security: signedIn,
        summary:
          'Sales per day, week or month, with totals, the period before, top parts and customers',
        description:
          "Paid orders that are not cancelled, on the day they were paid in the shop's time zone (SHOP_TIME_ZONE); revenue is what they sold, without core deposits. Without `to`, up to today; without `from`, the 30 days up to `to`; at most 731 days. `previous` is the same number of days just before `from`. `toShip` and `overdue` are as of now.",
        querystring: salesQuery,
        response: { 200: salesReport, ...refusals },
      },
    },
    async (request) => reportSales(db, request.query, { timeZone, now: now() }),
  );

  app.get(
    '/api/admin/stock/low',
    {
      schema: {
        tags,
        operationId: 'getLowStock',
        security: signedIn,
        summary:
          'The parts below their reorder point, the emptiest first, with their pace of sales',
        description: `A part's reorder point is its own, or twice its minimum order. \`soldLast30Days\` counts paid orders of the last 30 days; \`daysOfCover\` is how long the stock lasts at that pace (null when none sold). At most \`limit\` rows (${LIST_PAGE_MAX} without); \`total\` counts them all.`,
        querystring: lowStockQuery,
        response: { 200: lowStockList, ...refusals },
      },
    },
    async (request) => lowStock(db, request.query.limit ?? LIST_PAGE_MAX, { timeZone, now: now() }),
  );

  app.put(
    '/api/admin/parts/:id/reorder-point',
    {
      schema: {
        tags,
        operationId: 'setReorderPoint',
        security: signedIn,
        summary: "Set a part's reorder point, or null for the default (twice its minimum order)",
        params: partIdParams,
        body: reorderPointBody,
        response: {
          200: lowStockRow.pick({
            partId: true,
            available: true,
            reorderPoint: true,
            defaultReorderPoint: true,
          }),
          404: errorReply,
          ...refusals,
        },
      },
    },
    async (request) =>
      setReorderPoint(db, await request.currentAdmin(), request.params.id, request.body),
  );
};
