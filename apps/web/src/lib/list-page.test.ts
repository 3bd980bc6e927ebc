// One page of a list (PRODUCT §5): the rows, the total from X-Total-Count and the next page's
// cursor from the Link header, as every list page reads them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchListPage, linkWithRel, nextCursorOf, totalCountOf } from './list-page.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Link header', () => {
  it('gives the address of rel="next"', () => {
    expect(linkWithRel('</api/users?limit=5&cursor=abc>; rel="next"', 'next')).toBe(
      '/api/users?limit=5&cursor=abc',
    );
  });

  it('finds rel="next" among other links, whatever their order, case or quoting', () => {
    const header =
      '</api/users?cursor=first>; rel="first", </api/users?q=a,b&cursor=n2>; title="more"; REL=next';
    expect(linkWithRel(header, 'next')).toBe('/api/users?q=a,b&cursor=n2');
    expect(linkWithRel(header, 'first')).toBe('/api/users?cursor=first');
    expect(linkWithRel('</x?cursor=z>; rel="prev next"', 'next')).toBe('/x?cursor=z');
  });

  it('is null without the header, without a next link, or for a rel that only starts alike', () => {
    expect(linkWithRel(null, 'next')).toBeNull();
    expect(linkWithRel('', 'next')).toBeNull();
    expect(linkWithRel('</api/users?cursor=p>; rel="prev"', 'next')).toBeNull();
    expect(linkWithRel('</api/users?cursor=p>; rel="nextpage"', 'next')).toBeNull();
  });

  it("gives the next page's cursor, decoded, or null on the last page", () => {
    expect(nextCursorOf('</api/manageorders?state=paid&cursor=eyJ0Ijo_-1>; rel="next"')).toBe(
      'eyJ0Ijo_-1',
    );
    expect(
      nextCursorOf('<https://shop.example/api/userorder?email=a%40b.c&cursor=Zz>; rel=next'),
    ).toBe('Zz');
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf('</api/users?limit=5>; rel="next"')).toBeNull();
  });

  it("gives the next page's number for a list paged by number", () => {
    const link = '</api/items?search=pad%20brake&page=3&limit=20>; rel="next"';
    expect(nextCursorOf(link, 'page')).toBe('3');
    expect(nextCursorOf(link)).toBeNull();
  });
});

describe('X-Total-Count', () => {
  it('is the count it says, and null when missing or not a whole count', () => {
    expect(totalCountOf('1234')).toBe(1234);
    expect(totalCountOf('0')).toBe(0);
    expect(totalCountOf(null)).toBeNull();
    expect(totalCountOf('')).toBeNull();
    expect(totalCountOf('-3')).toBeNull();
    expect(totalCountOf('12.5')).toBeNull();
    expect(totalCountOf('many')).toBeNull();
  });
});

describe('fetchListPage', () => {
  it('asks /api with the parameters given and answers rows, total and the next cursor', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        urls.push(String(input));
        return new Response(JSON.stringify([{ _id: 'a' }, { _id: 'b' }]), {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'X-Total-Count': '7',
            Link: '</api/users?q=ann&limit=2&cursor=c2>; rel="next"',
          },
        });
      }),
    );
    const page = await fetchListPage<{ _id: string }>('/users', {
      query: { q: 'ann', role: undefined, limit: '2', cursor: undefined },
    });
    expect(page).toEqual({ rows: [{ _id: 'a' }, { _id: 'b' }], total: 7, nextCursor: 'c2' });
    expect(urls).toEqual([`${window.location.origin}/api/users?q=ann&limit=2`]);
  });

  it('answers no next cursor on the last page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('[]', {
            status: 200,
            headers: { 'content-type': 'application/json', 'X-Total-Count': '0' },
          }),
      ),
    );
    expect(await fetchListPage('/admin/audit-log', { query: {} })).toEqual({
      rows: [],
      total: 0,
      nextCursor: null,
    });
  });
});
