import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as contractSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

// JSON replies are written by Fastify's compiled serialiser, fast-json-stringify, from the JSON
// Schema of each route's reply schema in the contract (issue 31 #3, ADR 022): a 20-part search
// reply costs about half of what checking it with zod and then writing it with JSON.stringify
// did. The compiled serialiser writes only the properties the contract names, as zod's did, but
// does not check the values' types; so wherever the shop is not in production (tests, `npm run
// dev`) every reply is also written the contract's way and the two must be the same JSON (the
// same values; fast-json-stringify writes a schema's required properties first). A
// schema JSON Schema cannot express (a date, say) keeps the contract's serialiser.

type Serializer = (data: unknown) => string;
type Route = Parameters<FastifySchemaCompiler<unknown>>[0];

/** Each reply schema's compiled serialiser (null: JSON Schema cannot express it), once a process. */
const compiledBySchema = new WeakMap<z.ZodType, Serializer | null>();

/** fast-json-stringify for a reply schema, or undefined where JSON Schema cannot express it. */
function compiledFor(routeSchema: unknown): Serializer | undefined {
  const schema =
    routeSchema instanceof z.ZodType
      ? routeSchema
      : (routeSchema as { properties?: unknown }).properties;
  if (!(schema instanceof z.ZodType)) return undefined;
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    try {
      // A reply is the input side of its schema (what `encode` writes: a codec's wire form).
      const json = z.toJSONSchema(schema, { io: 'input' });
      compiled = fastJson(json as Parameters<typeof fastJson>[0]);
    } catch {
      compiled = null;
    }
    compiledBySchema.set(schema, compiled);
  }
  return compiled ?? undefined;
}

/**
 * The serialiser compiler of every route: compiled from the contract, and, with `check`, every
 * reply also written by the contract's own serialiser (zod's `encode`, which checks it) and
 * compared as JSON values, so that a reply the two write differently fails the test that sends it.
 */
export function replySerializerCompiler({ check }: { check: boolean }) {
  return (route: Route): Serializer => {
    const contract = contractSerializer(route as never) as Serializer;
    // Compiled when the route first answers, not when the shop starts (hundreds of schemas).
    let chosen: Serializer | undefined;
    const choose = (): Serializer => {
      const compiled = compiledFor(route.schema);
      if (!compiled) return contract;
      if (!check) return compiled;
      return (data) => {
        const expected = contract(data);
        const written = compiled(data);
        if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
          throw new Error(
            `${route.method} ${route.url}: the compiled serialiser wrote ${written.slice(0, 300)} where the contract writes ${expected.slice(0, 300)}`,
          );
        return written;
      };
    };
    return (data) => {
      chosen ??= choose();
      return chosen(data);
    };
  };
}
