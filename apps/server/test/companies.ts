// What the company tests share (issue 18): calls as a customer, invitations read from the mail,
// a company made through the API, and a checkout of one part.
import { type Company, company as companySchema, type Order } from '@axle/contract';
import { expect } from 'vitest';
import type { Customer } from './customers.ts';
import type { TestApp } from './security/support.ts';

export const billing = {
  line1: '1 Fleet Street',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  country: 'United Kingdom',
};
export const dock = {
  line1: '12 Dock Road',
  city: 'Hull',
  postalCode: 'HU1 2AB',
  country: 'United Kingdom',
};

export type CompanyCalls = ReturnType<typeof companyCalls>;

export function companyCalls(t: TestApp) {
  const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The call's JSON reply, which must have this status. */
  async function ok(who: Customer, method: string, url: string, payload?: unknown, status = 200) {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }

  /** The token of the newest invitation link mailed to `email` (mail goes out after the reply). */
  async function mailedToken(email: string): Promise<string> {
    for (let tries = 0; tries < 100; tries++) {
      const token = t.mail
        .filter((m) => m.to === email)
        .at(-1)
        ?.text.match(/\/company\/join\?token=([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no invitation mailed to ${email}`);
  }

  /** `by` invites `who`; the token of the link they were mailed. */
  async function invite(
    by: Customer,
    who: Customer,
    role: 'owner' | 'buyer',
    spendingLimit: number | null,
  ) {
    await ok(
      by,
      'POST',
      '/api/company/invitations',
      { email: who.email, role, spendingLimit },
      201,
    );
    return mailedToken(who.email);
  }

  async function createCompany(who: Customer, legalName: string): Promise<Company> {
    const body = { legalName, taxId: 'GB 123 456 789', billingAddress: billing };
    return companySchema.parse(await ok(who, 'POST', '/api/company', body, 201));
  }

  /** A cart of `quantity` of one part, checked out to the dock (paid by card unless told). */
  async function checkout(
    who: Customer,
    partId: string,
    quantity: number,
    payment?: 'card' | 'account',
  ): Promise<Order> {
    await call(who, 'DELETE', '/api/cart');
    await ok(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
    const body = { address: dock, tel: '0113 496 0000', ...(payment ? { payment } : {}) };
    return (await ok(who, 'POST', '/api/checkout', body, 201)).order as Order;
  }

  return { call, ok, invite, createCompany, checkout };
}
