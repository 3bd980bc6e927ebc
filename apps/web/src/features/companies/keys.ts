/**
 * The company's query key (issue 18): the caller's company, its people and invitations, and the
 * member's prices beneath it. A module of its own, so that the home page's cards carry only this.
 */
export const COMPANY_KEY = ['company'] as const;
