/** The sales report (issue 33 #1), the admin's dashboard home. */
import type { SalesQuery, SalesReport } from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ORDERS_KEY } from '../orders/index.ts';

/**
 * GET /admin/reports/sales: a range's sales per day, week or month. Under the orders' key: what
 * changes orders (a payment, a shipment) asks for it again.
 */
export const salesReportQuery = (params: { [K in keyof SalesQuery]?: string }) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'sales', params],
    queryFn: ({ signal }) => api<SalesReport>('/admin/reports/sales', { query: params, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
