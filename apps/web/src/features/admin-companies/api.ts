/**
 * The admin's company calls (issue 18 #4-#6): companies, one company with its people, its payment
 * on account, its open invoices and the overdue ones of every company, payments recorded against
 * them, and the company's own prices.
 */
import type {
  AdminCompaniesQuery,
  AdminCompany,
  AdminCompanyDetail,
  CompanyAccountBody,
  CompanyMember,
  CompanyPriceList,
  CompanyPriceListBody,
  Order,
  OverdueQuery,
  settleBody,
} from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';
import { ORDERS_KEY } from '../orders/index.ts';

/** The companies as the shop's admin sees them: the list, each one with its people, its prices. */
export const COMPANIES_KEY = ['admin-companies'] as const;
/** Overdue invoices are orders: whatever changes an order refreshes them too. */
export const OVERDUE_KEY = [...ORDERS_KEY, 'overdue'] as const;
/** A company's open invoices on account: orders too. */
export const OPEN_INVOICES_KEY = [...ORDERS_KEY, 'open-invoices'] as const;

/**
 * The parameters of a list call as the page's address gives them: text, checked by the server
 * (a bad `limit` or `cursor` in a hand-edited address is its clear 400, shown as a failed load).
 */
type AsText<T> = { [K in keyof T]?: string };

/** The next page's rows arrive in place of the current ones, which stay until then. */
const pageOptions = { placeholderData: keepPreviousData, retry: false } as const;

const companyPath = (id: string) => `/admin/companies/${encodeURIComponent(id)}`;

export type {
  AdminCompany,
  AdminCompanyDetail,
  CompanyAccountBody,
  CompanyMember,
  CompanyPriceList,
  CompanyPriceListBody,
  Order,
};

/** GET /admin/companies: one page of the companies, newest first, searched by legal name or tax id. */
export const companiesPageQuery = (params: AsText<AdminCompaniesQuery>) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'list', params],
    queryFn: ({ signal }): Promise<ListPage<AdminCompany>> =>
      fetchListPage<AdminCompany>('/admin/companies', { query: params, signal }),
    ...pageOptions,
  });

/** GET /admin/companies/{id}: one company with its people, terms and the credit it uses. */
export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'one', id],
    queryFn: ({ signal }) => api<AdminCompanyDetail>(companyPath(id), { signal }),
    retry: false,
  });

/**
 * PUT /admin/companies/{id}/account: whether the company pays on account, its credit limit and
 * terms; the reply is the company as it now stands.
 */
export function setCompanyAccount(id: string, body: CompanyAccountBody) {
  return api<AdminCompanyDetail>(`${companyPath(id)}/account`, { method: 'PUT', body });
}

/** GET /admin/invoices/overdue: one page of the open invoices on account past due, oldest due first. */
export const overduePageQuery = (params: AsText<OverdueQuery>) =>
  queryOptions({
    queryKey: [...OVERDUE_KEY, params],
    queryFn: ({ signal }): Promise<ListPage<Order>> =>
      fetchListPage<Order>('/admin/invoices/overdue', { query: params, signal }),
    ...pageOptions,
  });

/**
 * GET /admin/companies/{id}/invoices: one page of the company's open invoices on account (paid on
 * account, not yet settled), the oldest due first.
 */
export const openInvoicesPageQuery = (id: string, params: AsText<OverdueQuery>) =>
  queryOptions({
    queryKey: [...OPEN_INVOICES_KEY, id, params],
    queryFn: ({ signal }): Promise<ListPage<Order>> =>
      fetchListPage<Order>(`${companyPath(id)}/invoices`, { query: params, signal }),
    ...pageOptions,
  });

/**
 * POST /admin/orders/{id}/settle: records the payment of an order's invoice on account, with the
 * payment's reference (409 when it has no open invoice on account); the reply is the order settled.
 */
export function settleInvoice(id: string, body: z.infer<typeof settleBody>) {
  return api<Order>(`/admin/orders/${encodeURIComponent(id)}/settle`, { method: 'POST', body });
}

/** GET /admin/companies/{id}/prices: the company's percentages off per category and fixed prices. */
export const companyPricesQuery = (id: string) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'prices', id],
    queryFn: ({ signal }) => api<CompanyPriceList>(`${companyPath(id)}/prices`, { signal }),
    retry: false,
  });

/**
 * PUT /admin/companies/{id}/prices: replaces the company's whole price list (a 400 names unknown
 * part numbers or an unknown category); the reply is the list as it now stands.
 */
export function setCompanyPrices(id: string, body: CompanyPriceListBody) {
  return api<CompanyPriceList>(`${companyPath(id)}/prices`, { method: 'PUT', body });
}
