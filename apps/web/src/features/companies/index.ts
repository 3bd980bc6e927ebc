// Company accounts' public entry (issue 18): what other features use of it (the caller's company,
// the credit its account has left, a member's own prices). Its pages are routes of their own (My
// Company, the invitation's page), loaded by the router.
export { COMPANY_KEY, companyQuery } from './company-query.ts';
export { creditLeft } from './credit.ts';
export { type MemberPrices, useMemberPrices } from './member-prices.ts';
export { fleetQuery, useMyFleet } from './my-fleet.ts';
export { companiesText } from './strings.ts';
