import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/** The zod schema of a route's answer, as fastify-type-provider-zod accepts it (bare, or under `properties`). */
function zodSchemaOf(schema: RouteSchema['schema']): $ZodType {
  return schema instanceof $ZodType ? schema : schema.properties;
}

/**
 * fast-json-stringify compiled from the JSON Schema of the answer's zod schema (its output side), or undefined
 * when JSON Schema cannot state it (a transform, a codec): those keep zod's encoding.
 */
function compiled(schema: $ZodType): Serialize | undefined {
  try {
    return fastJson(
      toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as object,
    ) as Serialize;
  } catch {
    return undefined;
  }
}

/**
 * Answers serialised by code compiled once per route and status from the answer's schema, instead of zod
 * checking and copying the answer on every request and JSON.stringify writing the copy (the login's answer:
 * about 5 µs against 18 µs, bench/get-student.mjs and docs/decisions/0010-login-cost.md). Like zod's, the
 * compiled code writes only the properties the schema declares, so a field a query grows never leaks into an
 * answer, and refuses an answer that lacks a required one.
 *
 * With `crossCheck` (the API tests), every answer is also encoded by zod as before, and an answer zod refuses or
 * one that reads back different fails the request: the whole API suite then proves the two agree. They may order
 * an object's keys differently (fast-json-stringify writes the required ones first), which no JSON reader sees.
 */
export function responseSerializerCompiler({ crossCheck }: { crossCheck: boolean }) {
  return (route: RouteSchema): Serialize => {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    const fast = compiled(zodSchemaOf(route.schema));
    if (!fast) return viaZod;
    if (!crossCheck) return fast;
    return (data) => {
      const expected = viaZod(data);
      const text = fast(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled serializer wrote ${text}, zod ${expected}`,
        );
      }
      return text;
    };
  };
}
