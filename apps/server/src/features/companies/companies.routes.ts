import {
  acceptInvitationBody,
  approveBody,
  company,
  companyBody,
  companyInvitation,
  companyOrdersQuery,
  deletedReply,
  errorReply,
  invitationBody,
  invitationParams,
  memberBody,
  memberParams,
  order,
  orderIdParams,
  orderList,
  partPriceList,
  partPricesQuery,
  rejectBody,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn, signedInOrKey } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import type { Invoicing } from '../invoices/invoices.service.ts';
import { listCompanyOrders } from '../orders/order-lists.service.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import {
  createCompany,
  findCompany,
  removeMember,
  requireMembership,
  updateMember,
} from './companies.service.ts';
import { pricesForCompany } from './company-prices.service.ts';
import { decideOrder } from './decide-order.ts';
import { acceptInvitation, inviteMember, revokeInvitation } from './invitations.service.ts';

const tags = ['companies'];
const refusals = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
};

export type CompaniesRoutesOptions = {
  db: Db;
  /** What invoices state: an approved order on account is invoiced at once. */
  invoicing: Invoicing;
  /** Invitations and approval decisions are e-mailed; links start with the shop's PUBLIC_URL. */
  mail: OrderMail;
  now?: (() => Date) | undefined;
};

/**
 * Company accounts (issue 18): a customer's company, its people and invitations, its orders and
 * the owners' approvals. Every call is the caller's own company's only.
 */
export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRoutesOptions> = async (
  app,
  { db, mail, invoicing, now = () => new Date() },
) => {
  app.addHook('onRequest', requireSignedIn);
  const invitations = { publicUrl: mail.publicUrl };

  app.post(
    '/api/company',
    {
      schema: {
        tags,
        operationId: 'createCompany',
        security: signedIn,
        summary: 'Create a company with you as its owner; your ship-to addresses become its',
        body: companyBody,
        response: { 201: company, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCompany(db, await request.currentUser(), request.body, now())),
  );

  app.get(
    '/api/company',
    {
      schema: {
        tags,
        operationId: 'getMyCompany',
        security: signedIn,
        summary:
          'Your company with its members (and, for owners, the invitations waiting); null when you buy on your own',
        response: { 200: company.nullable(), ...refusals },
      },
    },
    async (request) => findCompany(db, await request.currentUser(), now()),
  );

  app.get(
    '/api/company/prices',
    {
      schema: {
        tags,
        operationId: 'getMyPrices',
        security: signedInOrKey('catalogue:read'),
        summary:
          "Your prices of these parts (at most 100 ids, comma-separated): the part's price and volume tiers with your company's prices applied",
        querystring: partPricesQuery,
        response: { 200: partPriceList, ...refusals },
      },
    },
    async (request) => {
      const { companyId } = await requireMembership(db, await request.currentUser());
      return pricesForCompany(db, companyId, request.query.ids);
    },
  );

  app.post(
    '/api/company/invitations',
    {
      schema: {
        tags,
        operationId: 'inviteMember',
        security: signedIn,
        summary:
          'Owners: invite someone by e-mail, with their role and spending limit; the single-use link works for 7 days',
        body: invitationBody,
        response: { 201: companyInvitation, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await inviteMember(db, invitations, await request.currentUser(), request.body, now()),
        ),
  );

  app.delete(
    '/api/company/invitations/:id',
    {
      schema: {
        tags,
        operationId: 'withdrawInvitation',
        security: signedIn,
        summary: 'Owners: withdraw an invitation that is still waiting; its link stops working',
        params: invitationParams,
        response: { 200: deletedReply, ...refusals },
      },
    },
    async (request) => revokeInvitation(db, await request.currentUser(), request.params.id, now()),
  );

  app.post(
    '/api/company/invitations/accept',
    {
      schema: {
        tags,
        operationId: 'acceptInvitation',
        security: signedIn,
        summary:
          "Join the company whose invitation was e-mailed to your address (the link's token), once",
        body: acceptInvitationBody,
        response: { 200: company, ...refusals },
      },
    },
    async (request) => acceptInvitation(db, await request.currentUser(), request.body.token, now()),
  );

  app.put(
    '/api/company/members/:userId',
    {
      schema: {
        tags,
        operationId: 'setMember',
        security: signedIn,
        summary: "Owners: set a member's role and spending limit per order (null: none)",
        params: memberParams,
        body: memberBody,
        response: { 200: company, ...refusals },
      },
    },
    async (request) =>
      updateMember(db, await request.currentUser(), request.params.userId, request.body, now()),
  );

  app.delete(
    '/api/company/members/:userId',
    {
      schema: {
        tags,
        operationId: 'removeMember',
        security: signedIn,
        summary: 'Owners: remove a member; anyone: leave (your own id). The last owner stays',
        params: memberParams,
        response: { 200: deletedReply, ...refusals },
      },
    },
    async (request) => removeMember(db, await request.currentUser(), request.params.userId),
  );

  app.get(
    '/api/company/orders',
    {
      schema: {
        tags,
        operationId: 'listCompanyOrders',
        security: signedIn,
        summary:
          "A page of your company's orders, newest first, with who placed each; X-Total-Count and Link headers",
        querystring: companyOrdersQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) => {
      const { companyId } = await requireMembership(db, await request.currentUser());
      return sendPage(request, reply, await listCompanyOrders(db, companyId, request.query));
    },
  );

  app.post(
    '/api/company/orders/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'approveOrder',
        security: signedIn,
        summary:
          "Owners: approve a buyer's order awaiting approval (never your own); it can be paid",
        params: orderIdParams,
        body: approveBody,
        response: { 200: order, ...refusals },
      },
    },
    async (request) =>
      decideOrder({ db, mail, invoicing }, await request.currentUser(), request.params.id, {
        approval: 'approved',
        note: request.body?.note || null,
        at: now(),
      }),
  );

  app.post(
    '/api/company/orders/:id/reject',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'rejectOrder',
        security: signedIn,
        summary:
          "Owners: reject a buyer's order awaiting approval, saying why; it is cancelled and its stock returned",
        params: orderIdParams,
        body: rejectBody,
        response: { 200: order, ...refusals },
      },
    },
    async (request) =>
      decideOrder({ db, mail, invoicing }, await request.currentUser(), request.params.id, {
        approval: 'rejected',
        note: request.body.note,
        at: now(),
      }),
  );
};
