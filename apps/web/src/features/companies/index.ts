// Company accounts' public entry (issue 18): what other features use of it. Its pages are routes of
// their own (My Company, the invitation's page), loaded by the router.
export { COMPANY_KEY, companyQuery } from './api.ts';
export { companiesText } from './strings.ts';
