import type {
  AdminCompanyDetail,
  CategoryList,
  CompanyAccountBody,
  CompanyPriceList,
  CompanyPriceListBody,
  Order,
} from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { jsonReply, stubApi } from '../../lib/test-api.ts';

// For the company page's tests: the admin API of companies as a fake server that keeps what it is
// sent (a company's account, its open invoices and payments, its prices) and the calls it got.
// Only tests import it.

export const BRAKES = '1243b27c-37fe-4b5f-8c86-5765ee754f1f';
export const PADS = '9aa41048-0b2a-45bf-a108-41200d110caa';
export const FILTERS = 'a0f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const PADS_PART = '88888888-8888-4888-8888-888888888888';
export const FILTER_PART = '99999999-9999-4999-8999-999999999999';

/** The category tree as GET /api/categories gives it. */
export const categories: CategoryList = [
  { id: BRAKES, name: 'Brakes', slug: 'brakes', parentId: null },
  { id: PADS, name: 'Brake pads', slug: 'brake-pads', parentId: BRAKES },
  { id: FILTERS, name: 'Filters', slug: 'filters', parentId: null },
];

/** The catalogue's parts the server knows by number. */
const catalogue = [
  { partId: PADS_PART, partNumber: 'P 83 140', name: 'Ceramic Front Brake Pad Set' },
  { partId: FILTER_PART, partNumber: 'OF-2201', name: 'Spin-on Oil Filter' },
];

export type Call = { method: string; path: string; body: unknown; authorization: string | null };

type Shop = {
  companies: Record<string, AdminCompanyDetail>;
  /** Every company's open invoices on account, the oldest due first. */
  invoices: Order[];
  prices: Record<string, CompanyPriceList>;
};

/**
 * Answers the company page's calls from `shop`, which it changes as the admin does; a company's
 * credit used is what its open invoices add up to. Returns the calls, in order.
 */
export function fakeCompanyServer(shop: Shop): Call[] {
  const calls: Call[] = [];
  const open = (companyId: string) =>
    shop.invoices.filter((order) => order.companyId === companyId);
  const detail = (company: AdminCompanyDetail): AdminCompanyDetail => ({
    ...company,
    account: {
      ...company.account,
      creditUsed: open(company._id).reduce((sum, order) => sum + order.total, 0),
    },
  });

  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    if (method === 'GET' && url.pathname === '/api/categories') return jsonReply(200, categories);

    const [, orderId] = /^\/api\/admin\/orders\/([^/]+)\/settle$/.exec(url.pathname) ?? [];
    const invoice = shop.invoices.find((order) => order._id === orderId);
    if (method === 'POST' && invoice) {
      shop.invoices = shop.invoices.filter((order) => order !== invoice);
      return jsonReply(200, { ...invoice, settledAt: new Date().toISOString() });
    }
    if (method === 'POST')
      return jsonReply(409, { error: { code: 'conflict', message: companyMessages.notOpen } });

    const [, id, part] =
      /^\/api\/admin\/companies\/([^/]+)(?:\/(account|invoices|prices))?$/.exec(url.pathname) ?? [];
    const company = id ? shop.companies[id] : undefined;
    if (!company)
      return jsonReply(404, { error: { code: 'not_found', message: companyMessages.noCompany } });
    if (method === 'GET' && !part) return jsonReply(200, detail(company));
    if (method === 'PUT' && part === 'account') {
      const { onAccount, creditLimit, termsDays } = body as CompanyAccountBody;
      const saved = {
        ...company,
        account: { ...company.account, onAccount, creditLimit, termsDays },
      };
      shop.companies[company._id] = saved;
      return jsonReply(200, detail(saved));
    }
    if (method === 'GET' && part === 'invoices') {
      const rows = open(company._id);
      return jsonReply(200, rows, { 'X-Total-Count': String(rows.length) });
    }
    if (method === 'GET' && part === 'prices')
      return jsonReply(200, shop.prices[company._id] ?? { categories: [], parts: [] });
    if (method === 'PUT' && part === 'prices') return putPrices(shop, company._id, body);
    return jsonReply(405, { error: { code: 'method', message: 'no' } });
  });
  return calls;
}

/** A part number as the server compares it: case, spaces, dashes, dots and slashes aside. */
const numberKey = (number: string) => number.toLowerCase().replace(/[\s./-]+/g, '');

/** PUT …/prices as the server does it: part numbers in any spelling, a 400 naming unknown ones. */
function putPrices(shop: Shop, companyId: string, body: CompanyPriceListBody) {
  const byKey = new Map(catalogue.map((part) => [numberKey(part.partNumber), part]));
  const unknown = body.parts.filter((line) => !byKey.has(numberKey(line.partNumber)));
  if (unknown.length > 0) {
    const message = companyMessages.unknownParts(unknown.map((line) => line.partNumber));
    return jsonReply(400, { error: { code: 'invalid', message } });
  }
  const names = new Map(categories.map((category) => [category.id, category.name]));
  if (body.categories.some((line) => !names.has(line.categoryId)))
    return jsonReply(400, { error: { code: 'invalid', message: companyMessages.unknownCategory } });
  const saved: CompanyPriceList = {
    categories: body.categories
      .map((line) => ({ ...line, name: names.get(line.categoryId) ?? '' }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    parts: body.parts
      .map((line) => {
        const part = byKey.get(numberKey(line.partNumber));
        return {
          partId: part?.partId ?? '',
          partNumber: part?.partNumber ?? '',
          name: part?.name ?? '',
          price: line.price,
        };
      })
      .sort((x, y) => x.partNumber.localeCompare(y.partNumber)),
  };
  shop.prices[companyId] = saved;
  return jsonReply(200, saved);
}
