import type { App } from '../src/app.js';
import { API_PREFIX } from '../src/modules/auth/access-policy.js';

/** One API route as the access table writes it: `METHOD /path/:param` under `/api/v1`. */
export interface ApiRoute {
  key: string;
  method: string;
  url: string;
  params: string[];
  /** The names of its query-string parameters. */
  query: string[];
}

/**
 * Every route of the API, read from the OpenAPI document the app publishes (every route with a schema, which is
 * every route but the hidden metrics one). Tests compare it with their own tables, so a new route fails them
 * until someone says who may call it.
 */
export async function apiRoutes(app: App): Promise<ApiRoute[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) => {
    const url = path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    return Object.entries(operations).map(([lower, operation]) => {
      const method = lower.toUpperCase();
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      return { key: `${method} ${url}`, method, url, params, query };
    });
  });
}
