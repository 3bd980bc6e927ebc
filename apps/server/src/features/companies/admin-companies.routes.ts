import {
  adminCompaniesQuery,
  adminCompanyDetail,
  adminCompanyList,
  companyAccountBody,
  companyIdParams,
  companyPriceList,
  companyPriceListBody,
  errorReply,
  order,
  orderIdParams,
  orderList,
  overdueQuery,
  settleBody,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { logAdminActions } from '../../http/admin-actions.ts';
import { requireAdmin } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import { listOpenInvoices } from '../orders/order-lists.service.ts';
import { adminCompanyById, listCompanies } from './company-accounts.service.ts';
import { priceListOf } from './company-prices.service.ts';
import { setAccountOfCompany } from './set-company-account.ts';
import { setPricesOfCompany } from './set-company-prices.ts';
import { settleInvoice } from './settle-invoice.ts';

const tags = ['admin'];
const refusals = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
};

/**
 * The shop's admin and companies (issue 18 #4, #6): the Companies page, payment on account (credit
 * limit and terms), payments recorded against invoices, and the overdue invoices. Admins only.
 */
export const adminCompaniesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now?: (() => Date) | undefined;
}> = async (app, { db, now = () => new Date() }) => {
  app.addHook('onRequest', requireAdmin);
  logAdminActions(app);

  app.get(
    '/api/admin/companies',
    {
      schema: {
        tags,
        operationId: 'listCompanies',
        security: signedIn,
        summary:
          'Companies, newest first, searched by legal name or tax id; X-Total-Count and Link headers',
        querystring: adminCompaniesQuery,
        response: { 200: adminCompanyList, ...refusals },
      },
    },
    async (request, reply) => sendPage(request, reply, await listCompanies(db, request.query)),
  );

  app.get(
    '/api/admin/companies/:id',
    {
      schema: {
        tags,
        operationId: 'getCompany',
        security: signedIn,
        summary: 'One company with its members, terms and the credit it uses',
        params: companyIdParams,
        response: { 200: adminCompanyDetail, ...refusals },
      },
    },
    async (request) => adminCompanyById(db, request.params.id),
  );

  app.put(
    '/api/admin/companies/:id/account',
    {
      schema: {
        tags,
        operationId: 'setCompanyAccount',
        security: signedIn,
        summary:
          'Allow (or stop) payment on account, with a credit limit and terms (net 30 by default)',
        params: companyIdParams,
        body: companyAccountBody,
        response: { 200: adminCompanyDetail, ...refusals },
      },
    },
    async (request) =>
      setAccountOfCompany(db, await request.currentUser(), request.params.id, request.body),
  );

  app.get(
    '/api/admin/companies/:id/invoices',
    {
      schema: {
        tags,
        operationId: 'listCompanyInvoices',
        security: signedIn,
        summary:
          "A company's open invoices on account, the oldest due first; X-Total-Count and Link headers",
        params: companyIdParams,
        querystring: overdueQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) => {
      await adminCompanyById(db, request.params.id);
      const page = await listOpenInvoices(db, { companyId: request.params.id }, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/api/admin/companies/:id/prices',
    {
      schema: {
        tags,
        operationId: 'getCompanyPrices',
        security: signedIn,
        summary: "A company's own prices: fixed prices per part and percentages off per category",
        params: companyIdParams,
        response: { 200: companyPriceList, ...refusals },
      },
    },
    async (request) => {
      await adminCompanyById(db, request.params.id);
      return priceListOf(db, request.params.id);
    },
  );

  app.put(
    '/api/admin/companies/:id/prices',
    {
      schema: {
        tags,
        operationId: 'setCompanyPrices',
        security: signedIn,
        summary:
          "Replace a company's prices: fixed prices by part number, percentages off by category (its subcategories too)",
        params: companyIdParams,
        body: companyPriceListBody,
        response: { 200: companyPriceList, ...refusals },
      },
    },
    async (request) =>
      setPricesOfCompany(db, await request.currentUser(), request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/:id/settle',
    {
      schema: {
        tags,
        operationId: 'settleInvoice',
        security: signedIn,
        summary: "Record the payment of an order's invoice on account, with its reference",
        params: orderIdParams,
        body: settleBody,
        response: { 200: order, ...refusals },
      },
    },
    async (request) =>
      settleInvoice(
        db,
        await request.currentUser(),
        request.params.id,
        request.body.reference,
        now(),
      ),
  );

  app.get(
    '/api/admin/invoices/overdue',
    {
      schema: {
        tags,
        operationId: 'listOverdueInvoices',
        security: signedIn,
        summary:
          'Open invoices on account past their due date, the oldest due first; X-Total-Count and Link headers',
        querystring: overdueQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listOpenInvoices(db, { overdueAt: now() }, request.query)),
  );
};
