/**
 * Calls of company accounts (issue 18, PRODUCT §8): bearer, the caller's own company only. A
 * customer on their own gets a 404 for their company, which the page reads as "none yet".
 */
import type {
  AddFleetVehicleBody,
  Company,
  CompanyBody,
  CompanyInvitation,
  CompanyOrdersQuery,
  deletedReply,
  FleetHistory,
  FleetVehicle,
  InvitationBody,
  MemberBody,
  Order,
  UpdateFleetVehicleBody,
} from '@axle/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';
import { ORDERS_KEY } from '../orders/index.ts';

import { FLEET_KEY } from './my-fleet.ts';

export { COMPANY_KEY, companyQuery } from './company-query.ts';
export { fleetQuery } from './my-fleet.ts';
export { FLEET_KEY };

type Deleted = z.infer<typeof deletedReply>;

/** POST /company: a new company with the caller as its owner. */
export function createCompany(body: CompanyBody) {
  return api<Company>('/company', { method: 'POST', body });
}

/** POST /company/invitations: owners invite someone by e-mail (the link is mailed to them). */
export function inviteMember(body: InvitationBody) {
  return api<CompanyInvitation>('/company/invitations', { method: 'POST', body });
}

/** DELETE /company/invitations/{id}: owners withdraw an invitation; its link stops working. */
export function withdrawInvitation(id: string) {
  return api<Deleted>(`/company/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /company/invitations/accept: the signed-in person joins with the e-mailed link's token. */
export function acceptInvitation(token: string) {
  return api<Company>('/company/invitations/accept', { method: 'POST', body: { token } });
}

/** PUT /company/members/{userId}: owners set a member's role and spending limit. */
export function updateMember(userId: string, body: MemberBody) {
  return api<Company>(`/company/members/${encodeURIComponent(userId)}`, { method: 'PUT', body });
}

/** DELETE /company/members/{userId}: owners remove someone; anyone leaves with their own id. */
export function removeMember(userId: string) {
  return api<Deleted>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export type CompanyOrdersState = NonNullable<CompanyOrdersQuery['state']>;

/** The company's orders, kept with the other orders so that a new or cancelled one refreshes them. */
export const COMPANY_ORDERS_KEY = [...ORDERS_KEY, 'company'] as const;

/** Orders per "Load more": each one shows its lines, so a page stays short. */
export const COMPANY_ORDERS_PAGE = 20;

/**
 * GET /company/orders?state=: the company's orders, newest first, a page at a time; "Load more"
 * asks for the next page where the `Link` header says it starts.
 */
export const companyOrdersQuery = (state: CompanyOrdersState) =>
  infiniteQueryOptions({
    queryKey: [...COMPANY_ORDERS_KEY, state],
    queryFn: ({ signal, pageParam }): Promise<ListPage<Order>> =>
      fetchListPage<Order>('/company/orders', {
        query: { state, limit: COMPANY_ORDERS_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/**
 * POST /company/orders/{id}/approve: owners approve a buyer's order, with a note if they like.
 * `idempotencyKey`: the attempt, so that a retry after a lost reply does not decide twice.
 */
export function approveOrder(id: string, body: { note?: string }, idempotencyKey: string) {
  return api<Order>(`/company/orders/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** POST /company/orders/{id}/reject: owners reject it, saying why; its stock goes back. */
export function rejectOrder(id: string, body: { note: string }, idempotencyKey: string) {
  return api<Order>(`/company/orders/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** POST /company/vehicles: a vehicle added by its VIN, which the shop decodes. */
export function addFleetVehicle(body: AddFleetVehicleBody) {
  return api<FleetVehicle>('/company/vehicles', { method: 'POST', body });
}

/** PUT /company/vehicles/{id}: a vehicle's plate, name and mileage. */
export function updateFleetVehicle(id: string, body: UpdateFleetVehicleBody) {
  return api<FleetVehicle>(`/company/vehicles/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** DELETE /company/vehicles/{id}: out of the fleet; its orders keep what it was called. */
export function removeFleetVehicle(id: string) {
  return api<null>(`/company/vehicles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Parts per "Load more" of a vehicle's history. */
export const FLEET_HISTORY_PAGE = 20;

type HistoryEntry = FleetHistory[number];

/**
 * GET /company/vehicles/{id}/history?page=: the parts ordered for a vehicle, newest first, a
 * page at a time. The list is paged by number and sends no `Link`: there is more while fewer
 * rows are shown than `X-Total-Count` counts.
 */
export const fleetHistoryQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...FLEET_KEY, id, 'history'],
    queryFn: ({ signal, pageParam }): Promise<ListPage<HistoryEntry>> =>
      fetchListPage<HistoryEntry>(`/company/vehicles/${encodeURIComponent(id)}/history`, {
        query: { page: pageParam, limit: FLEET_HISTORY_PAGE },
        signal,
        pagedBy: 'page',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => {
      const shown = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return last.rows.length > 0 && last.total !== null && shown < last.total
        ? lastPage + 1
        : undefined;
    },
    retry: false,
  });
