/**
 * A route path (`/api/item/:id`, `/purchase/:id`, `/api/docs/*`) as a test of a request's path:
 * `:name` stands for one segment, `*` for whatever follows. Fastify's routes match exactly;
 * React Router's (`loose`) without regard to case and with or without a trailing slash.
 */
export function pathPattern(path: string, { loose = false } = {}): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return loose
    ? new RegExp(`^/${segments.join('/')}/?$`, 'i')
    : new RegExp(`^/${segments.join('/')}$`);
}
