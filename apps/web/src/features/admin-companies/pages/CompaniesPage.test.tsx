// The admin's Companies page (issue 18 #6): every company with its tax id, people, payment on
// account, credit used of its limit and terms, as a table and as cards; searched by legal name or
// tax id and paged, both kept in the page's address; a company's name opens its page, which leads
// back to the list as it was.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { FLEET, fleet, listed, workshop } from '../test-fixtures.ts';
import CompaniesPage from './CompaniesPage.tsx';
import CompanyPage from './CompanyPage.tsx';

type Call = { method: string; path: string; query: Record<string, string> };
let calls: Call[];

beforeEach(() => {
  calls = [];
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    calls.push({ method, path: url.pathname, query });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/admin/companies': {
        // Newest first, every word of the search in the legal name or the tax id.
        const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const found = [fleet, workshop]
          .filter((company) =>
            words.every((word) =>
              `${company.legalName} ${company.taxId}`.toLowerCase().includes(word),
            ),
          )
          .map(listed);
        const pageSize = Number(query.limit ?? 100);
        const start = Number(query.cursor ?? 0);
        const rows = found.slice(start, start + pageSize);
        const next = start + pageSize < found.length ? String(start + pageSize) : null;
        return jsonReply(200, rows, {
          'X-Total-Count': String(found.length),
          ...(next
            ? { Link: `</api/admin/companies?limit=${pageSize}&cursor=${next}>; rel="next"` }
            : {}),
        });
      }
      case `GET /api/admin/companies/${FLEET}`:
        return jsonReply(200, fleet);
      default:
        return jsonReply(404, {
          error: { code: 'not_found', message: `no ${method} ${url.pathname}` },
        });
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The page's address, as the test reads it. */
function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}
const address = () => screen.getByTestId('address').textContent;

function renderPage(path = '/dashboard/companies') {
  renderAt(path, {
    '/dashboard/companies': (
      <>
        <CompaniesPage />
        <Address />
      </>
    ),
    '/dashboard/companies/:id': (
      <>
        <CompanyPage />
        <Address />
      </>
    ),
  });
}

const companiesTable = () => screen.findByRole('table', { name: 'Every company, newest first' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY');
const listCalls = () => calls.filter((call) => call.path === '/api/admin/companies');

describe('Companies', () => {
  it('shows each company’s tax id, people, payment on account, credit used of its limit and terms', async () => {
    renderPage();
    const table = await companiesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Legal name', 'Tax/VAT id', 'People', 'On account', 'Credit used', 'Terms']);
    expect(bodyRows(table).map((row) => row.textContent)).toEqual([
      'Fleet Parts LtdGB 123 4567 892 peopleYes$1,250.50 of $5,000.0030 days',
      'Corner Workshop LLCUS-98-76543211 personNo$0.00 of $0.0030 days',
    ]);
    expect(within(table).getByRole('link', { name: 'Fleet Parts Ltd' }).getAttribute('href')).toBe(
      `/dashboard/companies/${FLEET}`,
    );

    // The phone's cards carry the same.
    const cards = within(screen.getByRole('list', { name: 'Companies' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [fleetCard] = cards as [HTMLElement];
    expect(within(fleetCard).getByRole('heading', { name: 'Fleet Parts Ltd' })).toBeTruthy();
    expect(fleetCard.textContent).toContain('Credit used$1,250.50 of $5,000.00');
    expect(within(fleetCard).getByRole('link', { name: 'Fleet Parts Ltd' })).toBeTruthy();
    expect(listCalls()[0]?.query).toEqual({});
  });

  it('searches by legal name or tax id, the search kept in the address', async () => {
    const user = userEvent.setup();
    renderPage();
    await companiesTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'us-98{Enter}');
    await waitFor(() => expect(address()).toBe('/dashboard/companies?q=us-98'));
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(1));
    expect(bodyRows(screen.getByRole('table'))[0]?.textContent).toContain('Corner Workshop LLC');
    expect(listCalls().at(-1)?.query).toEqual({ q: 'us-98' });

    // Nothing matches: the page says so and offers to clear the search.
    const box = screen.getByRole('searchbox', { name: 'Search companies' });
    await user.clear(box);
    await user.type(box, 'nobody{Enter}');
    expect(await screen.findByText('Nothing matches this search and these filters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(address()).toBe('/dashboard/companies'));
    expect(bodyRows(await companiesTable())).toHaveLength(2);
  });

  it('opens at the search its address holds', async () => {
    renderPage('/dashboard/companies?q=fleet');
    const table = await companiesTable();
    expect(bodyRows(table)).toHaveLength(1);
    expect(listCalls()[0]?.query).toEqual({ q: 'fleet' });
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search companies' }).value,
    ).toBe('fleet');
  });

  it('pages with the cursor the server gives, kept in the address', async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/companies?limit=1');
    const table = await companiesTable();
    expect(screen.getByRole('status').textContent).toBe('Showing 1–1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address()).toBe('/dashboard/companies?limit=1&cursor=1&page=2'));
    await waitFor(() => expect(bodyRows(table)[0]?.textContent).toContain('Corner Workshop LLC'));
    expect(listCalls().at(-1)?.query).toEqual({ limit: '1', cursor: '1' });
    expect(screen.getByRole('status').textContent).toBe('Showing 2–2 of 2');
  });

  it('opens a company from its name, and its page leads back to the list as it was', async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/companies?q=fleet');
    const table = await companiesTable();
    await user.click(within(table).getByRole('link', { name: 'Fleet Parts Ltd' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fleet Parts Ltd' })).toBeTruthy();
    expect(address()).toBe(`/dashboard/companies/${FLEET}`);
    await user.click(screen.getByRole('link', { name: /All companies/ }));
    await waitFor(() => expect(address()).toBe('/dashboard/companies?q=fleet'));
    expect(bodyRows(await companiesTable())).toHaveLength(1);
  });
});
