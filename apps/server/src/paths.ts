// This file sits one level below apps/server both as source (src/) and when bundled (dist/),
// so these relative URLs resolve the same way in tests, `npm run dev` and `npm start`.
import { fileURLToPath } from 'node:url';

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
export const webDistFolder = fileURLToPath(new URL('../../web/dist', import.meta.url));
