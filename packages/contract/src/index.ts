export * from './accounts.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './items.ts';
export * from './newsletter.ts';
export * from './reviews.ts';
export * from './rules.ts';
