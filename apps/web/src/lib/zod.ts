// The web app's `zod` (vite.config.ts resolves `zod` here): the same library, told never to
// compile parsers with `new Function`. The page's Content-Security-Policy forbids that, and zod's
// probe for it, though caught, is reported by the browser as a CSP violation (an issue Lighthouse
// counts against best practices). Parsing the API's small replies needs no compiled parsers. The
// setting must come before any schema is made, hence here, ahead of every module that uses zod.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
